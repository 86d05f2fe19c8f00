import PluginInterface

/// `shared-post-store`: one app-scoped post store every screen reads, and the author's profile
/// grid as a second screen over the feed (Enter or `p`; headless `profile ID`).
public struct SharedPostStorePlugin: FeaturePlugin {
    /// `profile ID`: opens the profile of the author of post ID.
    static let profile = HeadlessCommandSpec(name: "profile", usage: "profile ID", takesPost: true)

    /// The plugin value the host lists.
    public init() {}

    public var flag: PluginFlag {
        PluginFlag(key: "shared-post-store", owner: "profile", description: "A second screen shows the same posts")
    }

    public var headlessCommands: [HeadlessCommandSpec] { [Self.profile] }

    public func activate(_ context: PluginContext) async -> any ActivePlugin {
        ActiveSharedPostStore(context: context)
    }
}
