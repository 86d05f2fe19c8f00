import FeedInterface

/// The like use case of `persistent-like-queue`: each intent is saved on the device before it is
/// sent, so likes made offline survive and are sent later. Same rule as `LikePostUseCase`: one
/// request per post in flight, the latest wanted state wins.
public protocol QueuedLikePostUseCase: LikePostUseCase {
    /// As `setLiked(_:post:)`, keeping `before` (the server's heart and count before the first
    /// unsent tap on `post`) with the intent, for rolling back after a restart; calls `recorded`
    /// once the intent is kept (on disk unless the outbox is full), before the server answers.
    func setLiked(
        _ liked: Bool, post: PostID, before: LikeResult?, recorded: @escaping @Sendable () -> Void
    ) async -> LikeOutcome
    /// The intents not yet on the server, oldest first.
    func pending() async -> [PendingLike]
    /// A new stream of the queued likes that settle from now on (one stream per subscriber).
    func events() -> AsyncStream<LikeQueueEvent>
    /// Sends every pending intent now and returns when no send is left in flight.
    func drain() async
}

extension QueuedLikePostUseCase {
    /// As `setLiked(_:post:before:recorded:)`, for a caller that does not wait for the recording.
    public func setLiked(_ liked: Bool, post: PostID, before: LikeResult?) async -> LikeOutcome {
        await setLiked(liked, post: post, before: before, recorded: {})
    }
}
