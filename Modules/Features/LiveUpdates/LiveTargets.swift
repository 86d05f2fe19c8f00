import FeedInterface
import PluginInterface
import PostStoreInterface

/// What the live stream changes, and how it speaks: handed over by the plugin (or a test).
@MainActor
public struct LiveTargets {
    /// The app's post stores: counts change there, in place.
    public var stores: () -> [any PostStore]
    /// The feed's first row, what `new-posts` counts from; `nil` before the first page.
    public var newestShown: () -> PostID?
    /// Counts newer posts when an event did not count from the first row.
    public var newPosts: any NewPostsCounter
    /// Where counts of newer posts go (the pill).
    public var relay: NewPostsRelay
    /// Reads the server's flags now (a `flags` event).
    public var refreshFlags: () -> Void
    /// One line for stderr.
    public var warn: (String) -> Void
    /// The posts the reader sees now: their counts are read again first after a (re)connect.
    public var onScreen: () -> [PostID] = { [] }
    /// Posts deleted on the server: the screens drop them, never the one under the reader.
    public var deleted: ([PostID]) -> Void = { _ in }
    /// The stream is about to reconnect: its `attempt` (1 after a connection that opened), after `wait`.
    public var reconnecting: (_ attempt: Int, _ wait: Duration) -> Void = { _, _ in }

    /// Creates the targets.
    public init(
        stores: @escaping () -> [any PostStore], newestShown: @escaping () -> PostID?, newPosts: any NewPostsCounter,
        relay: NewPostsRelay, refreshFlags: @escaping () -> Void, warn: @escaping (String) -> Void
    ) {
        self.stores = stores
        self.newestShown = newestShown
        self.newPosts = newPosts
        self.relay = relay
        self.refreshFlags = refreshFlags
        self.warn = warn
    }
}
