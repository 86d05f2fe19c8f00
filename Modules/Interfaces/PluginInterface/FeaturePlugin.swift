import Foundation

/// A follow-up as the host sees it: the flag it declares and what it adds to the app, built only
/// when that flag is on. The host keeps one list of these; it names no follow-up itself.
@MainActor
public protocol FeaturePlugin {
    /// The flag that switches the follow-up on.
    var flag: PluginFlag { get }
    /// The command-line options it adds to `feed`.
    var options: [PluginOption] { get }
    /// The headless commands it adds (answered with how to switch it on while it is off).
    var headlessCommands: [HeadlessCommandSpec] { get }
    /// The fields it adds to every headless state line.
    var headlessFields: [HeadlessField] { get }
    /// The files it keeps for a user, deleted by every logout, also while the flag is off.
    func files(_ files: PluginFiles) -> [URL]
    /// Builds the follow-up's parts from the app's services; called once, only with its flag on.
    /// A part that cannot be built (a file that cannot be opened) is reported with `context.warn`
    /// and the follow-up runs without it.
    func activate(_ context: PluginContext) async -> any ActivePlugin
}

extension FeaturePlugin {
    /// No options.
    public var options: [PluginOption] { [] }
    /// No headless commands.
    public var headlessCommands: [HeadlessCommandSpec] { [] }
    /// No headless fields.
    public var headlessFields: [HeadlessField] { [] }
    /// No files.
    public func files(_ files: PluginFiles) -> [URL] { [] }
}
