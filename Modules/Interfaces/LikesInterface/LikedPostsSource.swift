import FeedInterface

/// The composite's promise: which of these posts does the user like.
public protocol LikedPostsSource: Sendable {
    /// The liked subset of `posts`. Throws on failure; the caller turns that into `unknown`, never "none".
    func likedIDs(among posts: [PostID]) async throws -> Set<PostID>
}
