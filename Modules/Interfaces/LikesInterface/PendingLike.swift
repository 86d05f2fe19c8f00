import FeedInterface

/// A like saved on this device and not yet on the server: laid over pages until it settles.
public struct PendingLike: Hashable, Sendable {
    /// The post.
    public let post: PostID
    /// The heart the user wants.
    public let wanted: Bool
    /// The server's heart and count before the first unsent tap; `nil` when the tapper did not say.
    public let before: LikeResult?

    /// Creates a pending like.
    public init(post: PostID, wanted: Bool, before: LikeResult?) {
        self.post = post
        self.wanted = wanted
        self.before = before
    }
}
