/// The server's truth about one post's like: whether the demo user likes it and its count.
public struct FeedServerLikeState: Sendable, Hashable {
    /// Whether the demo user likes the post.
    public var liked: Bool
    /// How many likes the post has.
    public var likeCount: Int

    /// Creates a like state.
    public init(liked: Bool, likeCount: Int) {
        self.liked = liked
        self.likeCount = likeCount
    }
}
