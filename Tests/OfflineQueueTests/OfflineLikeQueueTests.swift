import Database
import FeedInterface
import Foundation
import LikesInterface
import LikesTesting
import Synchronization
import Testing

@testable import OfflineQueue

@Suite("OfflineQueue: taps are committed first, then sent; outcomes by failure kind")
struct OfflineLikeQueueTests {
    let harness: QueueHarness

    init() throws { harness = try QueueHarness(counts: ["p1": 41]) }

    @Test("a like online is saved with the server's count and leaves no row")
    func savedOnline() async throws {
        let queue = try await harness.open()
        #expect(await queue.setLiked(true, post: "p1") == .saved(LikeResult(liked: true, likeCount: 42)))
        #expect(try rawRows(harness.url) == [])
        #expect(await queue.count == 0)
        #expect(harness.warnings.all.isEmpty)
    }

    @Test("the row is committed before the request leaves: visible to another connection when it arrives")
    func committedBeforeSending() async throws {
        let seen = SeenRows()
        let url = harness.url
        await harness.likes.setOnWrite { _, _ in seen.record(try? rawRows(url)) }
        let gate = await harness.likes.holdWrite(call: 1)
        let queue = try await harness.open()
        let tap = Task { await queue.setLiked(true, post: "p1", before: LikeResult(liked: false, likeCount: 41)) }
        await harness.likes.waitForWrites(1)
        let atArrival = RawRow(post: "p1", wanted: true, beforeLiked: false, beforeCount: 41, attempts: 0, lastError: nil)
        #expect(seen.all == [[atArrival]])
        // Held at the server: the caller is still waiting and the row is still there.
        #expect(try rawRows(harness.url) == [atArrival])
        await gate.open()
        #expect(await tap.value == .saved(LikeResult(liked: true, likeCount: 42)))
        #expect(try rawRows(harness.url) == [])
    }

    @Test("recorded is called once the row is on disk, while the server still holds the request")
    func recordedBeforeTheAnswer() async throws {
        let seen = SeenRows()
        let url = harness.url
        let gate = await harness.likes.holdWrite(call: 1)
        let queue = try await harness.open()
        let (recorded, signal) = AsyncStream.makeStream(of: Void.self)
        let tap = Task {
            await queue.setLiked(true, post: "p1", before: LikeResult(liked: false, likeCount: 41)) {
                seen.record(try? rawRows(url))
                signal.yield()
            }
        }
        for await _ in recorded { break }
        #expect(seen.all == [[RawRow(post: "p1", wanted: true, beforeLiked: false, beforeCount: 41, attempts: 0, lastError: nil)]])
        await gate.open()
        #expect(await tap.value == .saved(LikeResult(liked: true, likeCount: 42)))
        #expect(seen.all.count == 1, "recorded once per tap")
    }

    @Test("like, unlike, like offline: one row, liked, with the heart and count before the first tap")
    func collapse() async throws {
        let queue = try await harness.open()
        await harness.likes.setUnreachable(true)
        let before = LikeResult(liked: false, likeCount: 41)
        #expect(await queue.setLiked(true, post: "p1", before: before) == .queued)
        #expect(await queue.setLiked(false, post: "p1", before: LikeResult(liked: true, likeCount: 42)) == .queued)
        #expect(await queue.setLiked(true, post: "p1", before: nil) == .queued)
        #expect(try rawRows(harness.url) == [
            RawRow(post: "p1", wanted: true, beforeLiked: false, beforeCount: 41, attempts: 3, lastError: "no connection")
        ])
        #expect(await queue.pending() == [PendingLike(post: "p1", wanted: true, before: before)])
        #expect(await harness.likes.writes.map(\.liked) == [true, false, true])
    }

    @Test("transient failures keep the row with one more attempt each: not sent, outcome unknown, any other error")
    func transientFailures() async throws {
        let queue = try await harness.open()
        await harness.likes.setUnreachable(true)
        #expect(await queue.setLiked(true, post: "p1") == .queued)
        await harness.likes.setUnreachable(false)
        await harness.likes.lose(call: 2)
        #expect(await queue.setLiked(true, post: "p1") == .queued)
        let rows = try rawRows(harness.url)
        #expect(rows.map(\.attempts) == [2])
        #expect(rows.map(\.lastError) == ["the answer was lost"])
        let failing = try await harness.open(likes: ThrowingLikes(message: "disk on fire"))
        #expect(await failing.setLiked(false, post: "p2") == .queued)
        #expect(try rawRows(harness.url).map(\.post) == ["p1", "p2"])
        #expect(await harness.likes.state(of: "p1") == LikeResult(liked: false, likeCount: 41))
    }

    @Test("a refusal deletes the row and fails with what the server last said")
    func refused() async throws {
        let queue = try await harness.open()
        await harness.likes.refuse("p1")
        #expect(await queue.setLiked(true, post: "p1") == .failed(serverState: nil))
        #expect(try rawRows(harness.url) == [])
        #expect(await queue.count == 0)
    }

    @Test("a refused follow-up reports the first request's reply")
    func refusedFollowUp() async throws {
        let queue = try await harness.open()
        let held = await harness.likes.holdWrite(call: 1)
        let like = Task { await queue.setLiked(true, post: "p1") }
        await harness.likes.waitForWrites(1)
        let unlike = Task { await queue.setLiked(false, post: "p1") }
        #expect(await like.value == .superseded)
        await harness.likes.refuseWrite(call: 2)
        await held.open()
        #expect(await unlike.value == .failed(serverState: LikeResult(liked: true, likeCount: 42)))
        #expect(await harness.likes.writes.map(\.liked) == [true, false])
        #expect(try rawRows(harness.url) == [])
    }

    @Test("like then unlike during one request: one follow-up, the latest wins")
    func latestWins() async throws {
        let queue = try await harness.open()
        let held = await harness.likes.holdWrite(call: 1)
        let like = Task { await queue.setLiked(true, post: "p1") }
        await harness.likes.waitForWrites(1)
        #expect(try rawRows(harness.url).map(\.wanted) == [true])
        let unlike = Task { await queue.setLiked(false, post: "p1") }
        #expect(await like.value == .superseded)
        // The newer tap is on disk before the follow-up leaves.
        #expect(try rawRows(harness.url).map(\.wanted) == [false])
        await held.open()
        #expect(await unlike.value == .saved(LikeResult(liked: false, likeCount: 41)))
        #expect(await harness.likes.writes.map(\.liked) == [true, false])
        #expect(await harness.likes.maxInFlight.perPost == 1)
    }

    @Test("like, unlike, like during one request: no follow-up, the server holds the latest already")
    func backWhereTheRequestWas() async throws {
        let queue = try await harness.open()
        let held = await harness.likes.holdWrite(call: 1)
        let like = Task { await queue.setLiked(true, post: "p1") }
        await harness.likes.waitForWrites(1)
        let unlike = Task { await queue.setLiked(false, post: "p1") }
        #expect(await like.value == .superseded)
        let again = Task { await queue.setLiked(true, post: "p1") }
        #expect(await unlike.value == .superseded)
        await held.open()
        #expect(await again.value == .saved(LikeResult(liked: true, likeCount: 42)))
        #expect(await harness.likes.writes.map(\.liked) == [true])
        #expect(try rawRows(harness.url) == [])
    }

    @Test("a cancelled caller stops waiting at once with queued; the like lands and is published")
    func cancelledCaller() async throws {
        let queue = try await harness.open()
        let events = queue.events()
        let held = await harness.likes.holdWrite(call: 1)
        let caller = Task { await queue.setLiked(true, post: "p1") }
        await harness.likes.waitForWrites(1)
        caller.cancel()
        #expect(await caller.value == .queued)
        await held.open()
        let published = await collect(1, from: events)
        #expect(published == [LikeQueueEvent(post: "p1", outcome: .saved(LikeResult(liked: true, likeCount: 42)))])
        #expect(await harness.likes.state(of: "p1") == LikeResult(liked: true, likeCount: 42))
        #expect(await queue.count == 0)
    }

    @Test("a post ID out of range fails without a row or a request")
    func badPostID() async throws {
        let queue = try await harness.open()
        #expect(await queue.setLiked(true, post: PostID("")) == .failed(serverState: nil))
        #expect(await queue.setLiked(true, post: PostID(String(repeating: "x", count: 257))) == .failed(serverState: nil))
        #expect(await harness.likes.writes.isEmpty)
        #expect(try rawRows(harness.url) == [])
    }

    @Test("rows for `feed queue`: post, wanted, age, attempts, last error, oldest first")
    func rowsForPrinting() async throws {
        let queue = try await harness.open()
        await harness.likes.setUnreachable(true)
        _ = await queue.setLiked(true, post: "p2")
        harness.clock.advance(30)
        _ = await queue.setLiked(false, post: "p1")
        _ = await queue.setLiked(false, post: "p1")
        harness.clock.advance(15)
        let rows = await queue.rows()
        #expect(rows.map(\.post) == ["p2", "p1"])
        #expect(rows.map(\.wanted) == [true, false])
        #expect(rows.map(\.age) == [45, 15])
        #expect(rows.map(\.attempts) == [1, 2])
        #expect(rows.map(\.lastError) == ["no connection", "no connection"])
    }
}

/// Rows seen by the fake server as each request arrived.
final class SeenRows: Sendable {
    private let rows = Mutex<[[RawRow]]>([])
    func record(_ seen: [RawRow]?) { rows.withLock { $0.append(seen ?? []) } }
    var all: [[RawRow]] { rows.withLock { $0 } }
}
