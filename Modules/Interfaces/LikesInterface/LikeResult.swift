/// What the server holds for one post after a like request: its `liked` and its `likeCount`.
public struct LikeResult: Hashable, Sendable {
    /// Whether the server holds the post as liked by the user.
    public let liked: Bool
    /// The post's like count as the server counts it.
    public let likeCount: Int

    /// Creates a result.
    public init(liked: Bool, likeCount: Int) {
        self.liked = liked
        self.likeCount = likeCount
    }
}
