import FeedInterface
import LikesInterface

/// A post's heart or count changed in a post store.
public struct PostStoreChange: Sendable {
    /// The post as screens show it now.
    public let post: Post
    /// What the server holds when this change says (a like settled, a pushed count): what may be saved; `nil` while unsettled.
    public let settled: LikeResult?
    /// Whether the like is saved on this device and not yet on the server.
    public let pending: Bool

    /// Creates a change.
    public init(post: Post, settled: LikeResult?, pending: Bool = false) {
        self.post = post
        self.settled = settled
        self.pending = pending
    }
}
