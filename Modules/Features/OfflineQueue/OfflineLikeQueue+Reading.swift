import FeedInterface
import Foundation
import LikesInterface

/// What the queue holds, read: for screens (`events`, `pending`) and for `feed queue`.
extension OfflineLikeQueue {
    /// A new stream of the likes that settle from now on with no caller waiting: to update screens.
    public nonisolated func events() -> AsyncStream<LikeQueueEvent> {
        hub.subscribe()
    }

    /// The intents not yet on the server, oldest first: to lay over pages at start.
    public func pending() -> [PendingLike] {
        sortedEntries().map { PendingLike(post: $0.intent.post, wanted: $0.intent.wanted, before: $0.intent.before) }
    }

    /// How many intents are not yet on the server.
    public var count: Int { entries.count }

    /// How many intents the file holds not yet settled, however many (`rows()` is bounded by the
    /// capacity), for `feed queue`.
    public func waitingOnDisk() -> Int { outbox?.waitingCount() ?? entries.count }

    /// The pending likes with their age, attempts and last error, oldest first, for `feed queue`.
    public func rows() -> [OutboxRow] {
        let now = configuration.now()
        return sortedEntries().map { entry in
            let intent = entry.intent
            return OutboxRow(
                post: intent.post, wanted: intent.wanted, queuedAt: intent.queuedAt,
                age: max(0, now.timeIntervalSince(intent.queuedAt)), attempts: intent.attempts, lastError: intent.lastError)
        }
    }
}
