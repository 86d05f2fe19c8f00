import FeedInterface
import Foundation
import LikesInterface
import Synchronization
import Testing

@testable import LiveUpdates

/// What one connection takes in: coalesced counts, the ID rules, and bounded pending state.
@Suite struct LiveInboxTests {
    private func inbox(lastID: Int = 0) -> LiveInbox { LiveInbox(lastID: lastID, maxBytes: 1 << 16) {} }

    private func likes(_ id: Int, _ post: String, _ count: Int) -> String {
        "id: \(id)\nevent: likes\ndata: {\"id\":\"\(post)\",\"likeCount\":\(count),\"liked\":false}\n\n"
    }

    @Test func aFloodIsCoalescedToOneCountPerPost() {
        let inbox = inbox()
        var text = ""
        for id in 1...10_000 { text += likes(id, "p\(id % 50)", id) }
        #expect(inbox.receive(Data(text.utf8)))
        let batch = inbox.take()
        #expect(batch.events == 10_000)
        #expect(batch.counts.count == 50)
        #expect(batch.counts["p0"]?.likeCount == 10_000)
        #expect(!batch.missed)
        #expect(inbox.lastID == 10_000)
        #expect(inbox.take().events == 0, "taken once")
    }

    @Test func aGapInTheIDsOrAResetMeansARefetch() {
        let inbox = inbox(lastID: 4)
        _ = inbox.receive(Data((likes(5, "p1", 1) + likes(9, "p1", 2)).utf8))
        #expect(inbox.take().missed)
        _ = inbox.receive(Data("id: 30\nevent: reset\ndata: {\"latest\":30}\n\n".utf8))
        let reset = inbox.take()
        #expect(reset.missed)
        #expect(inbox.lastID == 30)
    }

    @Test func aFrameTakesNothingOnceAGapCameAndTheLoopTakesItAll() throws {
        let inbox = inbox(lastID: 4)
        _ = inbox.receive(Data(likes(5, "p1", 1).utf8))
        let frame = try #require(inbox.takeUnlessMissed())
        #expect(frame.events == 1 && frame.counts["p1"]?.likeCount == 1)
        #expect(inbox.takeUnlessMissed()?.events == 0, "nothing pending: an empty batch, not a gap")
        _ = inbox.receive(Data((likes(6, "p1", 2) + likes(9, "p2", 3)).utf8))
        #expect(inbox.takeUnlessMissed() == nil, "a gap waits for the loop's read")
        #expect(inbox.hasPending)
        let loop = inbox.take()
        #expect(loop.missed && loop.events == 2 && loop.counts.count == 2)
    }

    @Test func pendingIsCalledOncePerBatchAndSignalOnlyForTheOpenAndTheEnd() {
        let calls = Mutex((signal: 0, pending: 0))
        let inbox = LiveInbox(lastID: 0, maxBytes: 1 << 16, signal: { calls.withLock { $0.signal += 1 } }, pending: { calls.withLock { $0.pending += 1 } })
        for id in 1...5 { _ = inbox.receive(Data(likes(id, "p1", id).utf8)) }
        #expect(calls.withLock { $0 } == (1, 1), "the first byte once, and one batch however many events")
        _ = inbox.take()
        _ = inbox.receive(Data(likes(6, "p1", 6).utf8))
        inbox.finish()
        #expect(calls.withLock { $0 } == (2, 2))
    }

    @Test func aResetBehindTheLastIDStartsOverInsteadOfFailing() {
        // A restarted server (or a flood of made-up IDs before) is behind the client: its reset is
        // taken, not refused as IDs going backwards (feed-chaos seed 7777 session 13 never settled).
        let inbox = inbox(lastID: 19_404)
        #expect(inbox.receive(Data("id: 5\nevent: reset\ndata: {\"latest\":5}\n\n".utf8)))
        #expect(inbox.failure == nil)
        #expect(inbox.take().missed)
        #expect(inbox.lastID == 5)
        _ = inbox.receive(Data(likes(6, "p1", 3).utf8))
        #expect(inbox.take().counts["p1"]?.likeCount == 3)
        _ = inbox.receive(Data(likes(4, "p1", 2).utf8))
        #expect(inbox.failure?.kind == "backwards", "anything but a reset still may not go back")
        let fresh = self.inbox(lastID: 10_000)
        #expect(fresh.receive(Data("id: 0\nevent: reset\ndata: {\"latest\":0}\n\n".utf8)), "a server with no event yet")
        #expect(fresh.lastID == 0 && fresh.failure == nil)
        _ = fresh.receive(Data("id: 0\nevent: likes\ndata: {\"id\":\"p1\",\"likeCount\":1,\"liked\":false}\n\n".utf8))
        #expect(fresh.failure?.kind == "id", "only a reset may say 0")
    }

    @Test(arguments: [
        ("id: 99999999999999999999999\nevent: likes\ndata: {\"id\":\"p1\",\"likeCount\":1}\n\n", "id"),
        ("id: 3\nevent: likes\ndata: {\"id\":\"p1\",\"likeCount\":1}\n\n", "backwards"),
        ("id: 6\nevent: likes\ndata: {\"id\":\"p1\"}\n\n", "malformed"),
        ("id: 6\nevent: likes\ndata: {\"id\":\"p1\",\"likeCount\":-4,\"liked\":true}\n\n", "malformed"),
        ("data: " + String(repeating: "x", count: 70_000), "line"),
    ])
    func hostileInputStopsTheStreamWithOneKindOfFailure(text: String, kind: String) {
        let inbox = inbox(lastID: 5)
        #expect(!inbox.receive(Data(text.utf8)))
        #expect(inbox.failure?.kind == kind)
        #expect(!inbox.receive(Data(likes(7, "p1", 1).utf8)), "nothing more is read")
    }

    @Test func pastTheLimitOfPendingPostsTheRestIsMarkedMissed() {
        let inbox = inbox()
        var text = ""
        for id in 1...(LiveInbox.maxPending + 10) { text += likes(id, "p\(id)", 1) }
        _ = inbox.receive(Data(text.utf8))
        let batch = inbox.take()
        #expect(batch.counts.count == LiveInbox.maxPending)
        #expect(batch.missed)
    }

    @Test func unknownEventsAreSkipped() {
        let inbox = inbox()
        #expect(inbox.receive(Data("id: 1\nevent: shiny-new-thing\ndata: whatever\n\n".utf8)))
        #expect(inbox.take().events == 0)
        #expect(inbox.lastID == 1)
    }

    @Test func theBackoffDoublesToItsCapWithJitterOverTheUpperHalf() {
        let backoff = LiveBackoff(base: .milliseconds(500), cap: .seconds(30))
        #expect(backoff.wait(after: 1, random: 1) == .milliseconds(500))
        #expect(backoff.wait(after: 1, random: 0) == .milliseconds(250))
        #expect(backoff.wait(after: 3, random: 1) == .seconds(2))
        #expect(backoff.wait(after: 50, random: 1) == .seconds(30))
        #expect(backoff.wait(after: 50, random: 0) == .seconds(15))
    }

    @Test("IDs at the integer edges never overflow: Int.max then a reset, then the reset's own ID and on")
    func idsAtTheIntegerEdges() {
        let inbox = inbox(lastID: 1)
        #expect(inbox.receive(Data(likes(Int.max, "p1", 1).utf8)))
        #expect(inbox.lastID == Int.max)
        #expect(inbox.take().missed, "from 1 to Int.max is a gap")
        #expect(inbox.receive(Data("id: \(Int.max)\nevent: reset\ndata: {\"latest\":\(Int.max)}\n\n".utf8)))
        #expect(inbox.receive(Data("id: 0\nevent: reset\ndata: {\"latest\":0}\n\n".utf8)))
        #expect(inbox.lastID == 0)
        #expect(inbox.receive(Data(likes(1, "p1", 2).utf8)))
        // An ID past Int.max, or below 0, is refused as not a number in range; nothing traps.
        let past = likes(1, "p1", 2).replacingOccurrences(of: "id: 1\n", with: "id: 9223372036854775808\n")
        #expect(!inbox.receive(Data(past.utf8)))
        #expect(inbox.failure?.kind == "id")
        let negative = self.inbox(lastID: Int.max)
        #expect(!negative.receive(Data("id: -9223372036854775808\nevent: likes\ndata: {}\n\n".utf8)))
        let after = self.inbox(lastID: Int.max - 1)
        #expect(after.receive(Data(likes(Int.max, "p1", 1).utf8)) && !after.take().missed, "Int.max right after Int.max - 1 is no gap")
        #expect(!after.receive(Data(likes(Int.max, "p1", 1).utf8)), "nothing may follow Int.max but a reset")
        #expect(after.failure?.kind == "backwards")
    }

    @Test("an event ID carrying a terminal's escape sequences reaches the log escaped")
    func hostileIDsAreEscaped() throws {
        let inbox = inbox()
        let osc52 = "\u{1B}]52;c;ZXZpbA==\u{07}"
        #expect(!inbox.receive(Data("id: \(osc52)\nevent: likes\ndata: {\"id\":\"p\",\"likeCount\":1,\"liked\":false}\n\n".utf8)))
        let line = try #require(inbox.failure?.line)
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        #expect(line.contains("\\u{1b}]52;c;"))
    }

    @Test("a post's pairs by version: within a batch the newer stays; a version out of range is a malformed event")
    func versionsWithinABatch() {
        let inbox = inbox()
        func versioned(_ id: Int, _ count: Int, _ version: Int) -> String {
            "id: \(id)\nevent: likes\ndata: {\"id\":\"p1\",\"likeCount\":\(count),\"liked\":false,\"version\":\(version)}\n\n"
        }
        #expect(inbox.receive(Data((versioned(1, 5, 9) + versioned(2, 4, 8)).utf8)))
        #expect(inbox.take().counts["p1"] == LikeResult(liked: false, likeCount: 5, version: 9), "the older pair that came later is dropped")
        #expect(!inbox.receive(Data(versioned(3, 1, -1).utf8)))
        #expect(inbox.failure?.kind == "malformed")
    }
}
