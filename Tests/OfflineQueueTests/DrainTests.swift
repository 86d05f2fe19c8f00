import FeedInterface
import Foundation
import LikesInterface
import Testing
import TestingSupport

@testable import OfflineQueue

@Suite("OfflineQueue: draining at start, after a success, on demand; the parallel limit")
struct DrainTests {
    let harness: QueueHarness

    init() throws { harness = try QueueHarness(counts: ["p1": 10, "p2": 20, "p3": 30]) }

    @Test("a success drains what waited: every queued like is sent and published")
    func drainAfterSuccess() async throws {
        let queue = try await harness.open()
        let events = queue.events()
        await harness.queueOffline(["p1", "p2"], on: queue)
        #expect(await queue.count == 2)
        #expect(await queue.setLiked(true, post: "p3") == .saved(LikeResult(liked: true, likeCount: 31)))
        let published = await collect(2, from: events)
        #expect(Set(published) == [
            LikeQueueEvent(post: "p1", outcome: .saved(LikeResult(liked: true, likeCount: 11))),
            LikeQueueEvent(post: "p2", outcome: .saved(LikeResult(liked: true, likeCount: 21))),
        ])
        #expect(await queue.count == 0)
        #expect(try rawRows(harness.url) == [])
    }

    @Test("at start, what an earlier run saved is sent without blocking the caller")
    func drainAtStart() async throws {
        do {
            let earlier = try await harness.open()
            await harness.queueOffline(["p1", "p2"], on: earlier)
        }
        let held = [await harness.likes.holdWrite(call: 3), await harness.likes.holdWrite(call: 4)]
        let queue = try await harness.open()
        #expect(await queue.pending().map(\.post) == ["p1", "p2"])
        let events = queue.events()
        await queue.start()
        // start() returned while both drained writes are still held at the server.
        await harness.likes.waitForWrites(4)
        #expect(await queue.count == 2)
        for gate in held { await gate.open() }
        let published = await collect(2, from: events)
        #expect(Set(published.map(\.post)) == ["p1", "p2"])
        #expect(await queue.count == 0)
        #expect(await harness.likes.state(of: "p1").liked)
        #expect(await harness.likes.state(of: "p2").liked)
    }

    @Test("drain() on demand returns when every pending like had its send")
    func drainOnDemand() async throws {
        let queue = try await harness.open()
        await harness.queueOffline(["p1", "p2", "p3"], on: queue)
        await queue.drain()
        #expect(await queue.count == 0)
        #expect(await harness.likes.writes.count == 6)
        await harness.likes.setUnreachable(true)
        _ = await queue.setLiked(false, post: "p1")
        await queue.drain()
        #expect(await queue.rows().map(\.attempts) == [2])
    }

    @Test("at most 4 sends at once, and a tap on a post in flight waits for its request")
    func parallelLimit() async throws {
        let posts = (1...10).map { PostID("q\($0)") }
        let queue = try await harness.open()
        await harness.queueOffline(posts, on: queue)
        var gates: [Gate] = []
        for call in 11...20 { gates.append(await harness.likes.holdWrite(call: call)) }
        let drained = Task { await queue.drain() }
        await harness.likes.waitForWrites(14)
        #expect(await queue.inFlight.count == 4)
        #expect(await queue.waiting.count == 6)
        // A tap on a post whose request is out never starts a second request for it.
        let first = await harness.likes.writes[10].post
        let tap = Task { await queue.setLiked(false, post: first) }
        for gate in gates { await gate.open() }
        #expect(await tap.value == .saved(LikeResult(liked: false, likeCount: 0)))
        await drained.value
        await queue.waitUntilIdle()
        #expect(await harness.likes.maxInFlight.total == 4)
        #expect(await harness.likes.maxInFlight.perPost == 1)
        #expect(await harness.likes.writes.count == 21)
        #expect(await queue.count == 0)
    }

    @Test("a like refused during a drain is published as refused and its row deleted")
    func refusedInDrain() async throws {
        let queue = try await harness.open()
        let events = queue.events()
        await harness.queueOffline(["p1"], on: queue)
        await harness.likes.refuse("p1")
        await queue.drain()
        #expect(await collect(1, from: events) == [LikeQueueEvent(post: "p1", outcome: .refused(serverState: nil))])
        #expect(try rawRows(harness.url) == [])
    }

    @Test("every subscriber gets every event")
    func twoSubscribers() async throws {
        let queue = try await harness.open()
        let first = queue.events()
        let second = queue.events()
        await harness.queueOffline(["p1"], on: queue)
        await queue.drain()
        let expected = [LikeQueueEvent(post: "p1", outcome: .saved(LikeResult(liked: true, likeCount: 11)))]
        #expect(await collect(1, from: first) == expected)
        #expect(await collect(1, from: second) == expected)
    }
}
