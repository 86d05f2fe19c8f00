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
    /// The fields it adds to every row of a headless state line (`pending`), on every screen.
    var headlessRowFields: [HeadlessField] { get }
    /// The files it keeps for a user, deleted by every logout, also while the flag is off.
    func files(_ files: PluginFiles) -> [URL]
    /// The subcommands of `feed` it adds (`feed queue`), run whether its flag is on or off.
    var commands: [PluginCommand] { get }
    /// Runs one of its `commands` on the user's `files`; returns the exit status.
    func run(_ command: PluginCommand, files: PluginFiles, output: CommandOutput) async -> Int32
    /// Builds the follow-up's parts from the app's services; called once, only with its flag on.
    /// A part that cannot be built (a file that cannot be opened) is reported with `context.warn`
    /// and the follow-up runs without it.
    func activate(_ context: PluginContext) async -> any ActivePlugin
    /// The server APIs it works with (`feed`, `mastodon`); with another, the host leaves it off and says so.
    var serverAPIs: Set<String> { get }
}

extension FeaturePlugin {
    /// Every API: the follow-up reads only what the contracts give it.
    public var serverAPIs: Set<String> { ["feed", "mastodon"] }
    /// No options.
    public var options: [PluginOption] { [] }
    /// No headless commands.
    public var headlessCommands: [HeadlessCommandSpec] { [] }
    /// No headless fields.
    public var headlessFields: [HeadlessField] { [] }
    /// No row fields.
    public var headlessRowFields: [HeadlessField] { [] }
    /// No files.
    public func files(_ files: PluginFiles) -> [URL] { [] }
    /// No subcommands.
    public var commands: [PluginCommand] { [] }
    /// Not one of its commands: a usage error.
    public func run(_ command: PluginCommand, files: PluginFiles, output: CommandOutput) async -> Int32 {
        output.err("feed: \(flag.key) has no command '\(command.name)'")
        return 2
    }
}
