import FeedInterface
import LikesInterface
import Synchronization

/// The like use case of `persistent-like-queue`, until the server switches the follow-up off while
/// the app runs: from then on nothing new is queued (likes go through the in-memory use case), while
/// the intents already queued are still sent.
final class SwitchableLikePostUseCase: QueuedLikePostUseCase {
    private let queue: any QueuedLikePostUseCase
    private let direct: any LikePostUseCase
    private let queues = Mutex(true)

    init(queue: any QueuedLikePostUseCase, direct: any LikePostUseCase) {
        self.queue = queue
        self.direct = direct
    }

    /// Sends later taps directly, without queueing them.
    func stopQueueing() { queues.withLock { $0 = false } }

    private var queueing: Bool { queues.withLock { $0 } }

    func setLiked(_ liked: Bool, post: PostID) async -> LikeOutcome {
        queueing ? await queue.setLiked(liked, post: post) : await direct.setLiked(liked, post: post)
    }

    func setLiked(
        _ liked: Bool, post: PostID, before: LikeResult?, recorded: @escaping @Sendable () -> Void
    ) async -> LikeOutcome {
        guard queueing else {
            // Nothing is kept on this device: the tap is as recorded as it will be.
            recorded()
            return await direct.setLiked(liked, post: post)
        }
        return await queue.setLiked(liked, post: post, before: before, recorded: recorded)
    }

    func pending() async -> [PendingLike] { await queue.pending() }

    func events() -> AsyncStream<LikeQueueEvent> { queue.events() }

    func drain() async { await queue.drain() }
}
