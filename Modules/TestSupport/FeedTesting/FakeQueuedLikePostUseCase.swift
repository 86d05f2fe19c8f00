import FeedInterface
import LikesInterface
import Synchronization

/// A `QueuedLikePostUseCase` that records each tap with its before-state and answers with a set
/// outcome (`queued` unless told); the test sets the pending likes and publishes the events.
public actor FakeQueuedLikePostUseCase: QueuedLikePostUseCase {
    /// Every tap, in order.
    public private(set) var calls: [(post: PostID, liked: Bool, before: LikeResult?)] = []
    /// How many times `drain()` was called.
    public private(set) var drains = 0
    private var outcome: LikeOutcome
    private var pendingLikes: [PendingLike]
    private let subscribers = Mutex<[AsyncStream<LikeQueueEvent>.Continuation]>([])

    /// Creates the fake answering every tap with `outcome`, holding `pending`.
    public init(outcome: LikeOutcome = .queued, pending: [PendingLike] = []) {
        self.outcome = outcome
        self.pendingLikes = pending
    }

    /// Answers later taps with `outcome`.
    public func setOutcome(_ outcome: LikeOutcome) { self.outcome = outcome }

    /// What `pending()` returns from now on.
    public func setPending(_ pending: [PendingLike]) { pendingLikes = pending }

    /// Sends `event` to every stream from `events()`.
    public nonisolated func publish(_ event: LikeQueueEvent) {
        for continuation in subscribers.withLock({ $0 }) { continuation.yield(event) }
    }

    public func setLiked(_ liked: Bool, post: PostID) async -> LikeOutcome {
        await setLiked(liked, post: post, before: nil)
    }

    public func setLiked(
        _ liked: Bool, post: PostID, before: LikeResult?, recorded: @escaping @Sendable () -> Void
    ) async -> LikeOutcome {
        calls.append((post, liked, before))
        recorded()
        return outcome
    }

    public func pending() -> [PendingLike] { pendingLikes }

    public nonisolated func events() -> AsyncStream<LikeQueueEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: LikeQueueEvent.self)
        subscribers.withLock { $0.append(continuation) }
        return stream
    }

    public func drain() { drains += 1 }
}
