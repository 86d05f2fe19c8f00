import Foundation
import PluginInterface

/// `new-posts-pill`: polls for posts newer than the first row while the feed is visible and shows
/// a pill; taking it refreshes and goes to the top; it never inserts a row under the reader.
public struct NewPostsPillPlugin: FeaturePlugin {
    /// `--poll-interval MS`: how often the feed asks for newer posts.
    public static let pollInterval = PluginOption(
        name: "--poll-interval", expected: "milliseconds from 1000 to 86400000", range: 1_000...86_400_000, defaultValue: 60_000,
        help: "how often new-posts-pill asks for newer posts (default 60000)")
    /// `pill`: takes the new posts (a refresh, then the first post).
    static let pill = HeadlessCommandSpec(name: "pill")
    /// `"pill": {"count": N}` or `null`.
    static let field = HeadlessField(name: "pill", whenOff: "null")

    /// The plugin value the host lists.
    public init() {}

    public var flag: PluginFlag {
        PluginFlag(key: "new-posts-pill", owner: "feed", description: "Poll for newer posts, show a pill, never insert under the reader")
    }

    public var options: [PluginOption] { [Self.pollInterval] }

    public var headlessCommands: [HeadlessCommandSpec] { [Self.pill] }

    public var headlessFields: [HeadlessField] { [Self.field] }

    public func activate(_ context: PluginContext) async -> any ActivePlugin {
        ActiveNewPostsPill(context: context, interval: .milliseconds(context.option(Self.pollInterval)))
    }
}
