/// How many posts are newer than the one a reader sees first (`new-posts-pill`).
public protocol NewPostsCounter: Sendable {
    /// The number of posts above `post` in a fresh first page. Throws on failure.
    func newPostCount(since post: PostID) async throws -> Int
}
