import FeedInterface

/// The like use case's promise: save the final state of one like.
public protocol LikesRepository: Sendable {
    /// Saves `liked` for `post` and returns what the server holds.
    /// Throws if refused or unreachable; cancelling the caller cancels the request.
    func setLiked(_ liked: Bool, post: PostID) async throws -> LikeResult
}
