import FeedInterface
import LikesInterface

/// A post's heart or count changed in a post store: what screens show for it now.
public struct PostStoreChange: Sendable {
    /// The post that changed.
    public let id: PostID
    /// Its heart as screens show it now.
    public let like: LikeState
    /// Its count as screens show it now.
    public let likeCount: Int
    /// What the server holds when this change says (a like settled, a pushed count): what may be saved; `nil` while unsettled.
    public let settled: LikeResult?
    /// Whether the like is saved on this device and not yet on the server.
    public let pending: Bool

    /// Creates a change (no post is kept: a stream's flood of changes copies no posts).
    public init(id: PostID, like: LikeState, likeCount: Int, settled: LikeResult?, pending: Bool = false) {
        (self.id, self.like, self.likeCount, self.settled, self.pending) = (id, like, likeCount, settled, pending)
    }

    /// Creates the change of `post` as shown now.
    public init(post: Post, settled: LikeResult?, pending: Bool = false) {
        self.init(id: post.id, like: post.like, likeCount: post.likeCount, settled: settled, pending: pending)
    }
}
