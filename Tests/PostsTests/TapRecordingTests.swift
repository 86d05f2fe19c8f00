import FeedInterface
import Foundation
import LikesInterface
import Synchronization
import Testing

import Posts

/// A tap is acknowledged (`waitUntilTapsRecorded` returns) only once the queued like use case has
/// recorded it: found by feed-chaos, where a tap answered before the outbox write was lost to a SIGKILL.
@MainActor @Suite struct TapRecordingTests {
    @Test func waitingForTapsEndsOnlyAfterTheQueueRecordedThem() async throws {
        let log = EventLog()
        let queue = HeldQueue(log: log)
        let store = InMemoryPostStore(likePost: ImmediateLikes(), queue: queue)
        _ = store.receive([Self.post("p1")], requestedAt: store.stamp())
        let sent = try #require(store.toggleLike("p1"))
        let waiter = Task { @MainActor in
            await store.waitUntilTapsRecorded()
            log.append("waited")
        }
        await queue.waitForCall()
        await queue.record()
        await waiter.value
        #expect(log.all == ["recorded", "waited"])
        await queue.answer(.queued)
        #expect(await sent.value == .queued)
        await store.waitUntilTapsRecorded()
    }

    @Test func aUseCaseThatKeepsNothingIsNeverWaitedFor() async throws {
        let store = InMemoryPostStore(likePost: ImmediateLikes())
        _ = store.receive([Self.post("p1")], requestedAt: store.stamp())
        let sent = try #require(store.toggleLike("p1"))
        await store.waitUntilTapsRecorded()
        #expect(await sent.value == .saved(LikeResult(liked: true, likeCount: 11)))
    }

    private static func post(_ id: PostID) -> Post {
        Post(
            id: id, author: Author(id: "a", name: "Ana"), caption: "",
            image: ImageRef(url: URL(string: "https://img.example/\(id).jpg")!, width: 4, height: 5),
            likeCount: 10, like: .notLiked)
    }
}

/// What happened, in order.
private final class EventLog: Sendable {
    private let events = Mutex<[String]>([])
    func append(_ event: String) { events.withLock { $0.append(event) } }
    var all: [String] { events.withLock { $0 } }
}

/// A queued use case that records a tap and answers it only when the test says so.
private actor HeldQueue: QueuedLikePostUseCase {
    private let log: EventLog
    private var recorded: (@Sendable () -> Void)?
    private var reply: CheckedContinuation<LikeOutcome, Never>?
    private var callWaiters: [CheckedContinuation<Void, Never>] = []

    init(log: EventLog) { self.log = log }

    func setLiked(_ liked: Bool, post: PostID) async -> LikeOutcome { .failed(serverState: nil) }

    func setLiked(_ liked: Bool, post: PostID, before: LikeResult?, recorded: @escaping @Sendable () -> Void) async -> LikeOutcome {
        self.recorded = recorded
        for waiter in callWaiters { waiter.resume() }
        callWaiters.removeAll()
        return await withCheckedContinuation { reply = $0 }
    }

    func waitForCall() async {
        if recorded != nil { return }
        await withCheckedContinuation { callWaiters.append($0) }
    }

    func record() {
        log.append("recorded")
        recorded?()
    }

    func answer(_ outcome: LikeOutcome) {
        reply?.resume(returning: outcome)
        reply = nil
    }

    func pending() -> [PendingLike] { [] }
    nonisolated func events() -> AsyncStream<LikeQueueEvent> { AsyncStream { $0.finish() } }
    func drain() {}
}

/// A like use case that keeps nothing and saves at once.
private struct ImmediateLikes: LikePostUseCase {
    func setLiked(_ liked: Bool, post: PostID) async -> LikeOutcome {
        .saved(LikeResult(liked: liked, likeCount: 11))
    }
}
