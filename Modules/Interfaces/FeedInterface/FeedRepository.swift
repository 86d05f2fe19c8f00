/// The feed the screen reads: posts in display order with hearts filled in.
public protocol FeedRepository: Sendable {
    /// The page after `cursor` (the first page for `nil`); hearts are `unknown` if likes failed.
    /// Throws only if the posts failed. Cancelling the caller cancels both requests.
    func posts(after cursor: Cursor?) async throws -> FeedPage
}
