import FeedInterface
import Foundation
import LikesInterface
import TelemetryInterface
import TelemetryTesting
import Testing
import TestingSupport

@testable import OfflineQueue

@Suite("OfflineQueue: what cannot be kept is said once and never lies; hostile text is made printable")
struct LimitsTests {
    let harness: QueueHarness

    init() throws { harness = try QueueHarness() }

    @Test("beyond the capacity a tap is sent but not kept: online it is saved, offline it fails")
    func capacity() async throws {
        var configuration = harness.configuration()
        configuration.capacity = 1
        let queue = try await harness.open(configuration: configuration)
        await harness.likes.setUnreachable(true)
        #expect(await queue.setLiked(true, post: "p1") == .queued)
        #expect(await queue.setLiked(true, post: "p2") == .failed(serverState: nil))
        #expect(try rawRows(harness.url).map(\.post) == ["p1"])
        await harness.likes.setUnreachable(false)
        #expect(await queue.setLiked(true, post: "p3") == .saved(LikeResult(liked: true, likeCount: 1)))
    }

    @Test("a full disk: one warning, taps still go out, and one that cannot be kept fails instead of queueing")
    func fullDisk() async throws {
        let telemetry = RecordingTelemetry()
        let queue = try await harness.open(telemetry: telemetry.tracker(owner: "likes"))
        await harness.likes.setUnreachable(true)
        try await queue.limitGrowthForTesting(toPages: 0)
        var outcomes: [LikeOutcome] = []
        let long = String(repeating: "x", count: 250)
        for index in 1...60 {
            outcomes.append(await queue.setLiked(true, post: PostID("\(long)\(index)")))
            if outcomes.last != .queued { break }
        }
        #expect(outcomes.last == .failed(serverState: nil), "the file never filled: \(outcomes.count) taps")
        let kept = outcomes.count - 1
        #expect(kept > 0)
        #expect(try rawRows(harness.url).count == kept)
        let lines = harness.warnings.all
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("feed: the like queue at \(harness.url.path) cannot be written (database or disk is full)") == true, "\(lines)")
        await harness.likes.setUnreachable(false)
        #expect(await queue.setLiked(false, post: "p-online") == .saved(LikeResult(liked: false, likeCount: 0)))
        #expect(harness.warnings.all.count == 1)
        let failed = telemetry.events.filter { $0.event == .storeWrite(store: .outbox, ok: false) }
        #expect(!failed.isEmpty && failed.allSatisfy { $0.owner == "likes" }, "every failed outbox write is tracked, not only the first")
    }

    @Test("an error's text is kept short and without control characters, for printing")
    func printableErrors() async throws {
        let hostile = "\u{1B}[2J\u{1B}]0;pwned\u{07}" + String(repeating: "e", count: 500)
        let queue = try await harness.open(likes: ThrowingLikes(message: hostile))
        #expect(await queue.setLiked(true, post: "p1") == .queued)
        let error = try #require(await queue.rows().first?.lastError)
        #expect(error.count == QueuedIntent.errorCharacters)
        #expect(error.unicodeScalars.allSatisfy { $0.properties.generalCategory != .control })
        #expect(error.hasPrefix(" [2J ]0;pwned eee"))
        #expect(try rawRows(harness.url).first?.lastError == error)
    }

    @Test("the before-state of the first tap is kept; a later tap fills it only when the first did not say")
    func beforeState() async throws {
        let queue = try await harness.open()
        await harness.likes.setUnreachable(true)
        _ = await queue.setLiked(true, post: "p1", before: nil)
        _ = await queue.setLiked(false, post: "p1", before: LikeResult(liked: false, likeCount: 7))
        _ = await queue.setLiked(true, post: "p1", before: LikeResult(liked: true, likeCount: 8))
        _ = await queue.setLiked(true, post: "p2", before: LikeResult(liked: false, likeCount: -1))
        #expect(await queue.pending() == [
            PendingLike(post: "p1", wanted: true, before: LikeResult(liked: false, likeCount: 7)),
            PendingLike(post: "p2", wanted: true, before: nil),
        ])
    }

    @Test("a tap is committed with synchronous=FULL; deleting a settled row and counting attempts with NORMAL")
    func syncLevels() async throws {
        let queue = try await harness.open()
        #expect(await queue.synchronousForTesting() == 2)
        await harness.likes.setUnreachable(true)
        #expect(await queue.setLiked(true, post: "p1") == .queued)
        #expect(await queue.synchronousForTesting() == 1)
        await harness.likes.setUnreachable(false)
        let held = await harness.likes.holdWrite(call: 2)
        let tap = Task { await queue.setLiked(true, post: "p2") }
        await harness.likes.waitForWrites(2)
        #expect(await queue.synchronousForTesting() == 2)
        await held.open()
        _ = await tap.value
        #expect(await queue.synchronousForTesting() == 1)
    }

    @Test("the send queue: taps ahead of the backlog, each post once")
    func sendQueueOrder() {
        var waiting = SendQueue()
        for post in ["b1", "b2", "b3"] { waiting.pushBacklog(PostID(post)) }
        waiting.pushBacklog("b1")
        waiting.pushUrgent("b3")
        waiting.pushUrgent("t1")
        #expect(waiting.count == 4)
        var order: [PostID] = []
        while let post = waiting.pop() { order.append(post) }
        #expect(order == ["b3", "t1", "b1", "b2"])
        #expect(waiting.isEmpty)
    }
}

/// A likes store whose writes fail with `message` (not a `LikeError`).
struct ThrowingLikes: LikesRepository {
    let message: String
    func setLiked(_ liked: Bool, post: PostID) async throws -> LikeResult { throw FakeError(message: message) }
}
