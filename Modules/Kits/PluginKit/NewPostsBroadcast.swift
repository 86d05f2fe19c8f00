import FeedInterface
import PluginInterface

/// The app's `NewPostsRelay`: every count pushed reaches every listener, in the order they listened.
@MainActor
public final class NewPostsBroadcast: NewPostsRelay {
    /// Whether counts are pushed now (the stream is open).
    public private(set) var isPushing = false
    private var listeners: [@MainActor (Int, PostID) -> Void] = []

    /// A relay nobody pushes to yet.
    public init() {}

    /// Counts are pushed from now on (`true`), or no longer (`false`: pollers take over).
    public func setPushing(_ pushing: Bool) { isPushing = pushing }

    /// `count` posts are newer than `first`: every listener hears it.
    public func push(_ count: Int, since first: PostID) {
        for listener in listeners { listener(count, first) }
    }

    /// Calls `listener` with every count pushed from now on.
    public func listen(_ listener: @escaping @MainActor (Int, PostID) -> Void) { listeners.append(listener) }
}
