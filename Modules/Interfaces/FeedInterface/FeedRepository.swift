/// The feed the screen reads: posts in display order with hearts filled in.
public protocol FeedRepository: Sendable {
    /// The page after `cursor` (the first page for `nil`); hearts are `unknown` if likes failed.
    /// Throws only if the posts failed. Cancelling the caller cancels both requests.
    func posts(after cursor: Cursor?) async throws -> FeedPage

    /// The page after `cursor` as soon as its posts answer, with the read of its hearts still to
    /// make. Throws only if the posts failed. By default `posts(after:)`, hearts already in.
    func pageAwaitingLikes(after cursor: Cursor?) async throws -> PageAwaitingLikes
}

extension FeedRepository {
    /// The page with its hearts in, after both requests: for a feed that cannot split them.
    public func pageAwaitingLikes(after cursor: Cursor?) async throws -> PageAwaitingLikes {
        PageAwaitingLikes(page: try await posts(after: cursor), likes: nil)
    }
}
