import FeedInterface
import LikesTesting
import TestingSupport
import Foundation
import LikesInterface
import Synchronization
import Testing

@testable import OfflineQueue

/// Two queues on one file in one test process: two SQLite connections behave as two processes.
@Suite("OfflineQueue: processes sharing one outbox — the latest tap wins, a send never overwrites a newer intent", .heavy)
struct SharedOutboxTests {
    let harness: QueueHarness

    init() throws { harness = try QueueHarness(counts: ["p1": 41, "p2": 7]) }

    @Test("A likes offline, B unlikes: B's unlike is sent, A's stale like never is; a fresh process has nothing queued")
    func lastTapAcrossProcesses() async throws {
        let a = try await harness.open()
        let aEvents = a.events()
        await harness.likes.setUnreachable(true)
        #expect(await a.setLiked(true, post: "p1") == .queued)
        let b = try await harness.open()
        #expect(await b.setLiked(false, post: "p1") == .queued)
        await harness.likes.setUnreachable(false)
        await b.drain()
        await a.drain()
        #expect(await harness.likes.state(of: "p1") == LikeResult(liked: false, likeCount: 41))
        #expect(await harness.likes.writes.map(\.liked) == [true, false, false], "A never sends its stale like")
        #expect(await collect(1, from: aEvents) == [LikeQueueEvent(post: "p1", outcome: .saved(LikeResult(liked: false, likeCount: 41)))])
        #expect(await a.count == 0)
        let fresh = try await harness.open()
        #expect(await fresh.count == 0)
        #expect(await fresh.pending() == [])
    }

    @Test("A's like is held at the server while B unlikes and settles: A's answer sends B's unlike again")
    func staleRequestLandsLast() async throws {
        let a = try await harness.open()
        await harness.queueOffline(["p1"], on: a)
        let held = await harness.likes.holdWrite(call: 2)
        let drained = Task { await a.drain() }
        await harness.likes.waitForWrites(2)
        let b = try await harness.open()
        #expect(await b.setLiked(false, post: "p1") == .saved(LikeResult(liked: false, likeCount: 41)))
        // A's like lands after B's unlike: the server holds a like for a moment.
        await held.open()
        await drained.value
        #expect(await harness.likes.state(of: "p1") == LikeResult(liked: false, likeCount: 41))
        #expect(await harness.likes.writes.map(\.liked) == [true, true, false, false])
        #expect(await a.count == 0)
        #expect(await b.count == 0)
    }

    @Test("when A's send of B's unlike fails, the unlike stays in the file until the server has it")
    func staleRequestThenAFailure() async throws {
        let a = try await harness.open()
        await harness.queueOffline(["p1"], on: a)
        let held = await harness.likes.holdWrite(call: 2)
        await harness.likes.lose(call: 4)
        let drained = Task { await a.drain() }
        await harness.likes.waitForWrites(2)
        let b = try await harness.open()
        #expect(await b.setLiked(false, post: "p1") == .saved(LikeResult(liked: false, likeCount: 41)))
        await held.open()
        await drained.value
        #expect(await harness.likes.state(of: "p1") == LikeResult(liked: true, likeCount: 42), "A's like landed last")
        #expect(try rawRows(harness.url).map { "\($0.post)=\($0.wanted)" } == ["p1=false"])
        #expect(await a.count == 1)
        let c = try await harness.open()
        #expect(await c.pending().map(\.wanted) == [false], "any process sees the unlike waiting")
        await a.drain()
        #expect(await harness.likes.state(of: "p1") == LikeResult(liked: false, likeCount: 41))
        #expect(await harness.likes.writes.map(\.liked) == [true, true, false, false, false])
        #expect(await a.count == 0)
    }

    @Test("an intent another process left is sent by this one's drain round; the other settles it unsent")
    func intentsLeftByAnotherProcess() async throws {
        let b = try await harness.open()
        let a = try await harness.open()
        await harness.queueOffline(["p2"], on: a)
        await b.drain()
        #expect(await harness.likes.state(of: "p2") == LikeResult(liked: true, likeCount: 8))
        await a.drain()
        #expect(await harness.likes.writes.count == 2, "A sends nothing: B settled its intent")
        #expect(await a.count == 0)
        #expect(await b.count == 0)
    }

    @Test("a logout in another process drops the intent: this one never sends it")
    func droppedElsewhere() async throws {
        let a = try await harness.open()
        let events = a.events()
        await harness.queueOffline(["p1"], on: a)
        let b = try await harness.open()
        try await b.deleteAll()
        await a.drain()
        #expect(await harness.likes.writes.count == 1)
        #expect(await a.count == 0)
        #expect(await collect(1, from: events) == [LikeQueueEvent(post: "p1", outcome: .refused(serverState: nil))])
    }

    @Test("switched off live: a post still queued keeps going through the queue, so its stale like never lands last")
    func killSwitchKeepsTheOrder() async throws {
        let queue = try await harness.open()
        await harness.queueOffline(["p1"], on: queue)
        let direct = DirectLikes(likes: harness.likes)
        let switchable = SwitchableLikePostUseCase(queue: queue, direct: direct)
        switchable.stopQueueing()
        #expect(await switchable.setLiked(false, post: "p1", before: nil) == .saved(LikeResult(liked: false, likeCount: 41)))
        await queue.drain()
        #expect(await harness.likes.state(of: "p1") == LikeResult(liked: false, likeCount: 41))
        #expect(await harness.likes.writes.map(\.liked) == [true, false])
        #expect(direct.calls == 0, "p1 had an intent: its tap went through the queue")
        // A post with no intent goes straight to the server, nothing queued.
        #expect(await switchable.setLiked(true, post: "p2", before: nil) == .saved(LikeResult(liked: true, likeCount: 8)))
        #expect(direct.calls == 1)
        #expect(await queue.count == 0)
        #expect(try rawRows(harness.url) == [])
    }
}

/// The in-memory like use case, reduced to what these tests need: straight to the store, counted.
final class DirectLikes: LikePostUseCase {
    let likes: FakeLikesRepository
    private let counter = Mutex(0)

    init(likes: FakeLikesRepository) { self.likes = likes }

    /// How many taps came this way.
    var calls: Int { counter.withLock { $0 } }

    func setLiked(_ liked: Bool, post: PostID) async -> LikeOutcome {
        counter.withLock { $0 += 1 }
        do {
            return .saved(try await likes.setLiked(liked, post: post))
        } catch {
            return .failed(serverState: nil)
        }
    }
}
