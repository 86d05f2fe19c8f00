import FeedInterface
import FeedTesting
import Foundation
import Testing
@testable import Feed

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
    private func loaded() async -> (FeedViewModel, FakeFeedRepository) {
        let feed = FakeFeedRepository(pages: FeedFixtures.pages(count: 2))
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        await model.onAppear()?.value
        return (model, feed)
    }

    @Test func pollsEveryIntervalFromTheFirstRowAndThePillNeverMovesARow() async throws {
        let (model, _) = await loaded()
        let sleeper = ManualSleeper()
        let counter = ScriptedCounter()
        await counter.set([.success(0), .success(7)])
        let poller = NewPostsPoller(model: model, counter: counter, interval: .seconds(60), sleep: { try await sleeper.sleep($0) })
        let rows = model.viewState.rows
        poller.start()
        try await sleeper.advance()
        #expect(await eventually { await counter.calls == ["p1"] })
        #expect(model.viewState.pill == nil, "0 new posts: no pill")
        try await sleeper.advance()
        #expect(await eventually { model.viewState.pill == 7 })
        #expect(model.viewState.rows == rows, "the pill never changes the rows")
        #expect(await sleeper.requested.allSatisfy { $0 == .seconds(60) })
        poller.stop()
        #expect(model.viewState.pill == nil, "a poller switched off takes its pill away")
    }

    @Test func noPollWhileHiddenOrSuspended() async throws {
        let (model, _) = await loaded()
        let sleeper = ManualSleeper()
        let counter = ScriptedCounter()
        let poller = NewPostsPoller(model: model, counter: counter, interval: .seconds(1), sleep: { try await sleeper.sleep($0) })
        poller.start()
        poller.setVisible(false)
        try await sleeper.advance()
        try await sleeper.advance()
        poller.setVisible(true)
        poller.setSuspended(true)
        try await sleeper.advance()
        #expect(await counter.calls.isEmpty)
        poller.setSuspended(false)
        try await sleeper.advance()
        #expect(await eventually { await counter.calls.count == 1 })
        poller.stop()
    }

    @Test func errorsBackOffAndOnePollNeverOverlapsAnother() async throws {
        let (model, _) = await loaded()
        let sleeper = ManualSleeper()
        let counter = ScriptedCounter()
        let failure = FeedError.offline(reason: "down")
        await counter.set([.failure(failure), .failure(failure), .failure(failure), .failure(failure), .failure(failure), .success(2)])
        let poller = NewPostsPoller(model: model, counter: counter, interval: .seconds(1), sleep: { try await sleeper.sleep($0) })
        poller.start()
        for _ in 0..<6 { try await sleeper.advance() }
        #expect(await eventually { model.viewState.pill == 2 })
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
        poller.stop()
    }

    @Test func noPollBeforeTheFirstPageOrDuringARefresh() async throws {
        let feed = FakeFeedRepository(pages: FeedFixtures.pages(count: 1))
        let held = await feed.hold(call: 1)
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        let load = model.onAppear()
        let sleeper = ManualSleeper()
        let counter = ScriptedCounter()
        let poller = NewPostsPoller(model: model, counter: counter, interval: .seconds(1), sleep: { try await sleeper.sleep($0) })
        poller.start()
        try await sleeper.advance()
        #expect(model.viewState.newestShownPost == nil)
        await held.open()
        await load?.value
        let refreshGate = await feed.hold(call: 2)
        model.refresh()
        try await sleeper.advance()
        #expect(await counter.calls.isEmpty, "before the first page and during a refresh nobody polls")
        await refreshGate.open()
        poller.stop()
    }

    @Test func takingThePillRefreshesAndTheNewPostsComeFirst() async throws {
        let fresh = FeedPage(posts: [FeedFixtures.post(900), FeedFixtures.post(901)] + FeedFixtures.pages(count: 1)[0].posts, next: nil)
        let feed = FakeFeedRepository { cursor, call in call == 1 ? FeedFixtures.pages(count: 1)[0] : fresh }
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        await model.onAppear()?.value
        model.showNewPosts(2)
        #expect(model.viewState.pill == 2)
        await model.refresh().value
        #expect(model.viewState.pill == nil)
        #expect(model.viewState.rows.prefix(2).map(\.id) == ["p900", "p901"])
        #expect(Set(model.viewState.rows.map(\.id)).count == model.viewState.rows.count)
    }
}
