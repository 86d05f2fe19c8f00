import FeedInterface
import LikesInterface
import Synchronization

/// The like use case of `persistent-like-queue`, until the server switches the follow-up off while
/// the app runs: from then on nothing new is queued (likes of posts with no intent waiting go through
/// the in-memory use case), while the intents already queued are still sent, and a tap on a post
/// that has one still goes through the queue, so a stale queued like never lands after a newer tap.
final class SwitchableLikePostUseCase: QueuedLikePostUseCase {
    private let queue: OfflineLikeQueue
    private let direct: any LikePostUseCase
    private let queues = Mutex(true)

    init(queue: OfflineLikeQueue, direct: any LikePostUseCase) {
        self.queue = queue
        self.direct = direct
    }

    /// Sends later taps directly, without queueing them, unless their post has an intent waiting.
    func stopQueueing() { queues.withLock { $0 = false } }

    private var queueing: Bool { queues.withLock { $0 } }

    func setLiked(_ liked: Bool, post: PostID) async -> LikeOutcome {
        await setLiked(liked, post: post, before: nil, recorded: {})
    }

    func setLiked(
        _ liked: Bool, post: PostID, before: LikeResult?, recorded: @escaping @Sendable () -> Void
    ) async -> LikeOutcome {
        guard queueing else {
            // The post's earlier intent is still queued: this tap replaces it there, in order.
            if let outcome = await queue.setLikedIfWaiting(liked, post: post, before: before, recorded: recorded) { return outcome }
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
