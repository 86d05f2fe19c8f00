import FeedInterface
import Foundation
import PluginInterface
import Testing
import TestingSupport
@testable import NewPostsPill

/// A feed screen the test drives: its first row and paging session.
@MainActor
private final class FakeFeedScreen: ScreenControl {
    let place = ScreenPlace.feed
    var newestShownPost: PostID? = "p1"
    var session = 1
}

/// A clock the test moves: every sleep waits until `advance()` releases it.
private actor ManualSleeper {
    private var waiting: [(Duration, CheckedContinuation<Void, any Error>)] = []
    private(set) var requested: [Duration] = []

    func sleep(_ duration: Duration) async throws {
        try await withCheckedThrowingContinuation { continuation in
            requested.append(duration)
            waiting.append((duration, continuation))
        }
    }

    /// Releases the oldest sleep, once one is requested (within a deadline).
    func advance() async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while waiting.isEmpty {
            guard ContinuousClock.now < deadline else { throw FakeError(message: "nobody sleeps") }
            await Task.yield()
            try await Task.sleep(for: .milliseconds(1))
        }
        waiting.removeFirst().1.resume()
    }

    var sleepers: Int { waiting.count }
}

/// Counts new posts from a script and records each call.
private actor ScriptedCounter: NewPostsCounter {
    var answers: [Result<Int, FeedError>] = []
    private(set) var calls: [PostID] = []
    var gate: Gate?

    func set(_ answers: [Result<Int, FeedError>]) { self.answers = answers }
    func hold() -> Gate {
        let gate = Gate()
        self.gate = gate
        return gate
    }

    func newPostCount(since post: PostID) async throws -> Int {
        calls.append(post)
        if let gate { await gate.wait() }
        return try (answers.isEmpty ? .success(0) : answers.removeFirst()).get()
    }
}

@MainActor
@Suite struct NewPostsPollerTests {
    /// A pill over a loaded screen, polling with `counter` every `interval` by `sleeper`.
    private func pill(_ counter: ScriptedCounter, _ sleeper: ManualSleeper, interval: Duration) -> (FakeFeedScreen, NewPostsPill) {
        let screen = FakeFeedScreen()
        let pill = NewPostsPill(screen: screen)
        pill.attach(
            NewPostsPoller(screen: screen, counter: counter, interval: interval, sleep: { try await sleeper.sleep($0) }) { [weak pill] in
                pill?.report($0, since: $1)
            })
        return (screen, pill)
    }

    @Test func pollsEveryIntervalFromTheFirstRowAndThePillNeverMovesARow() async throws {
        let sleeper = ManualSleeper()
        let counter = ScriptedCounter()
        await counter.set([.success(0), .success(7)])
        let (_, pill) = pill(counter, sleeper, interval: .seconds(60))
        try await sleeper.advance()
        #expect(await eventually { await counter.calls == ["p1"] })
        #expect(pill.count == nil, "0 new posts: no pill")
        try await sleeper.advance()
        #expect(await eventually { pill.count == 7 })
        #expect(pill.titleSegment(glyphs: .unicode) == TitleSegment("↑ 7 new posts · n", kind: .callout))
        #expect(await sleeper.requested.allSatisfy { $0 == .seconds(60) })
        pill.stop()
        #expect(pill.count == nil, "a poller switched off takes its pill away")
    }

    @Test func aReturnPollsAtOnceWithoutWaitingForTheInterval() async throws {
        let sleeper = ManualSleeper()
        let counter = ScriptedCounter()
        await counter.set([.success(4)])
        let (_, pill) = pill(counter, sleeper, interval: .seconds(60))
        #expect(await eventually { await sleeper.sleepers == 1 }, "waiting out the first interval")
        pill.pollNow()
        #expect(await eventually { pill.count == 4 }, "polled at once, no sleep released")
        #expect(await counter.calls == ["p1"])
        pill.stop()
    }

    @Test func noPollWhileHiddenOrSuspended() async throws {
        let sleeper = ManualSleeper()
        let counter = ScriptedCounter()
        let (_, pill) = pill(counter, sleeper, interval: .seconds(1))
        pill.setVisible(false)
        try await sleeper.advance()
        try await sleeper.advance()
        pill.setVisible(true)
        pill.setSuspended(true)
        try await sleeper.advance()
        #expect(await counter.calls.isEmpty)
        pill.setSuspended(false)
        try await sleeper.advance()
        #expect(await eventually { await counter.calls.count == 1 })
        pill.stop()
    }

    @Test func errorsBackOffAndOnePollNeverOverlapsAnother() async throws {
        let sleeper = ManualSleeper()
        let counter = ScriptedCounter()
        let failure = FeedError.offline(reason: "down")
        await counter.set([.failure(failure), .failure(failure), .failure(failure), .failure(failure), .failure(failure), .success(2)])
        let (_, pill) = pill(counter, sleeper, interval: .seconds(1))
        for _ in 0..<6 { try await sleeper.advance() }
        #expect(await eventually { pill.count == 2 })
        // Waits: 1 s, then doubled after each failure, capped at 16×; back to 1 s after a success.
        #expect(await eventually { await sleeper.requested.count == 7 })
        #expect(await sleeper.requested == [.seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16), .seconds(16), .seconds(1)])

        let gate = await counter.hold()
        try await sleeper.advance()
        #expect(await eventually { await counter.calls.count == 7 })
        try await Task.sleep(for: .milliseconds(50))
        #expect(await sleeper.sleepers == 0, "while a poll is out, no next one is scheduled")
        await gate.open()
        #expect(await eventually { await sleeper.sleepers == 1 })
        pill.stop()
    }

    @Test func noPollBeforeTheFirstPageOrDuringARefresh() async throws {
        let sleeper = ManualSleeper()
        let counter = ScriptedCounter()
        let (screen, pill) = pill(counter, sleeper, interval: .seconds(1))
        screen.newestShownPost = nil
        try await sleeper.advance()
        try await sleeper.advance()
        #expect(await counter.calls.isEmpty, "before the first page and during a refresh nobody polls")
        pill.stop()
    }

    @Test func thePillGoesWithANewSessionOrFirstRowAndNTakesIt() async throws {
        let sleeper = ManualSleeper()
        let counter = ScriptedCounter()
        let (screen, pill) = pill(counter, sleeper, interval: .seconds(1))
        #expect(pill.handle(.character("n"), selected: nil) == .ignored, "no pill: n is not taken")
        pill.report(2, since: "p1")
        #expect(pill.count == 2)
        screen.session = 2
        #expect(pill.count == nil, "a refresh started: the pill is gone")
        screen.session = 1
        pill.report(3, since: "p1")
        screen.newestShownPost = "p900"
        #expect(pill.count == nil, "the first row changed: the count no longer says anything")
        screen.newestShownPost = "p1"
        #expect(pill.keyHelp == [KeyHelpLine(keys: "n", action: "take the new posts the pill shows", bar: "n new posts")])
        #expect(pill.handle(.character("n"), selected: nil) == .refreshFromTop)
        #expect(pill.count == nil, "taken")
        #expect(pill.keyHelp.map(\.bar) == [nil], "no pill: the key bar does not offer n")
        pill.stop()
    }
}
