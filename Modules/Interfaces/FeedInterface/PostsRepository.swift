/// The server's posts, one page at a time, with every heart `unknown`.
public protocol PostsRepository: Sendable {
    /// The page after `cursor`. Throws on failure; cancelling the caller cancels the request.
    func page(after cursor: Cursor?) async throws -> FeedPage
}
