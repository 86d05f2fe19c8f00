import FeedInterface
import FeedTesting
import Foundation
import LikesTesting
import PluginInterface
import OfflinePages
import OfflinePagesInterface
import StoreTesting
import Testing
import TestingSupport
@testable import Feed

/// Stale-while-revalidate in the view model: in place below the top, held in another order, the
/// freshness rules, the reader's place kept, a return revalidating a stale feed.
@MainActor
@Suite struct FeedViewModelRevalidationTests {
    nonisolated private static let savedAt = Date(timeIntervalSince1970: 1_000_000)

    /// 60 saved posts p1…p60, as three pages would leave them.
    private func saved(age: TimeInterval = 60, anchor: FeedAnchor? = nil) -> CachedFeed {
        CachedFeed(posts: (1...60).map { FeedFixtures.post($0) }, next: Cursor("c3"), savedAt: Self.savedAt, anchor: anchor)
    }

    private func model(
        _ feed: FakeFeedRepository, cache: FakeFeedCache, saved: CachedFeed, age: TimeInterval = 60,
        freshness: FeedFreshness = FeedFreshness(freshFor: 30, restoreFor: 3_600, hideAfter: 86_400),
        settleDelay: Duration = .seconds(1)
    ) -> FeedViewModel {
        let now = Self.savedAt.addingTimeInterval(age)
        let memory = SavedFeedMemory(cache: cache, saved: saved, freshness: freshness, now: { now })
        memory.placeSettleDelay = settleDelay
        return FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()), memory: memory, now: { now })
    }

    /// The first page the server answers now: p1…p20 with new counts and captions, in `order`.
    private func revalidated(_ order: [Int] = Array(1...20)) -> FeedPage {
        FeedPage(
            posts: order.map { number in
                let old = FeedFixtures.post(number)
                return Post(id: old.id, author: old.author, caption: "new \(number)", image: old.image, likeCount: 500 + number, like: .liked)
            }, next: Cursor("c1"))
    }

    @Test func belowTheTopTheRowsStayAndUpdateInPlace() async throws {
        let feed = FakeFeedRepository(pages: [revalidated()])
        let cache = FakeFeedCache(saved: saved())
        let model = model(feed, cache: cache, saved: saved())
        let gate = await feed.hold(call: 1)
        let load = try #require(model.onAppear())
        model.readerMoved(to: FeedPlace(post: "p46", lineOffset: 3))
        await gate.open()
        await load.value
        #expect(await model.waitUntilIdle(timeout: .seconds(10)))
        let rows = model.viewState.rows
        #expect(rows.count == 60, "no row removed")
        #expect(rows[45].id == "p46")
        #expect(rows[0].caption == "new 1" && rows[0].likes == "501 likes" && rows[0].heart == .liked, "updated in place")
        #expect(rows[30].caption == FeedFixtures.post(31).caption, "a row the page did not bring is as it was")
        #expect(!model.viewState.feedUpdated, "the same order")
        #expect(model.viewState.anchor == "p46")
        #expect(model.viewState.banner == nil)
        #expect(await cache.operations.filter { !$0.hasPrefix("anchor") } == ["update 20"], "the saved pages are updated, not cut to one page")
        #expect(try await cache.load()?.posts.count == 60)
    }

    @Test func anotherOrderWaitsBehindFeedUpdatedAndAPullAsksTheServerAgain() async throws {
        let newer = FeedPage(posts: [FeedFixtures.post(99)] + revalidated().posts.dropLast(), next: Cursor("c1"))
        // By the pull the server has more: what it answers then is shown, not the page seen before.
        let newest = FeedPage(posts: [FeedFixtures.post(97), FeedFixtures.post(98)] + newer.posts.dropLast(2), next: Cursor("c1"))
        let feed = FakeFeedRepository { _, call in call == 1 ? newer : newest }
        let cache = FakeFeedCache(saved: saved())
        let model = model(feed, cache: cache, saved: saved())
        let gate = await feed.hold(call: 1)
        let load = try #require(model.onAppear())
        model.readerMoved(to: FeedPlace(post: "p46"))
        await gate.open()
        await load.value
        #expect(model.viewState.rows.count == 60)
        #expect(model.viewState.rows.first?.id == "p1", "nothing inserted under the reader")
        #expect(model.viewState.rows[0].likes == "501 likes")
        #expect(model.viewState.feedUpdated)
        await model.refresh().value
        #expect(model.viewState.rows.map(\.id).prefix(3) == ["p97", "p98", "p99"], "the server's answer now")
        #expect(!model.viewState.feedUpdated)
        #expect(model.readerPlace == nil, "from the top")
        #expect(await feed.requests.count == 2, "a pull always asks")
    }

    @Test func atTheTopTheNewFirstPageReplacesTheRows() async throws {
        let feed = FakeFeedRepository(pages: [revalidated()])
        let model = model(feed, cache: FakeFeedCache(saved: saved()), saved: saved())
        model.readerMoved(to: FeedPlace(post: "p1"))
        await model.onAppear()?.value
        #expect(model.viewState.rows.count == 20)
        #expect(!model.viewState.feedUpdated)
    }

    @Test func aFreshSavedFeedIsNotRefreshedAndPagesOnFromTheSavedCursor() async throws {
        let feed = FakeFeedRepository { cursor, _ in
            #expect(cursor == Cursor("c3"), "only the next page, from the saved cursor")
            return FeedPage(posts: (61...80).map { FeedFixtures.post($0) }, next: nil)
        }
        let model = model(feed, cache: FakeFeedCache(saved: saved()), saved: saved(), age: 5)
        #expect(model.onAppear() == nil, "no launch refresh")
        #expect(model.viewState.rows.count == 60)
        await model.rowAppeared("p58")?.value
        #expect(model.viewState.rows.count == 80)
    }

    @Test func aSavedFeedOlderThanHideAfterIsNotShownAndItsFailureSaysSo() async throws {
        let feed = FakeFeedRepository { _, _ in throw FeedError.offline(reason: "cannot reach 127.0.0.1:9") }
        let model = model(feed, cache: FakeFeedCache(saved: saved()), saved: saved(), age: 2 * 86_400)
        let load = try #require(model.onAppear())
        #expect(model.viewState.rows.isEmpty, "too old to show")
        await load.value
        #expect(model.viewState.message == .savedFeedTooOld(.offline(reason: "cannot reach 127.0.0.1:9")))
        #expect(model.viewState.message?.text.contains("too old") == true)
    }

    @Test func thePlaceIsRestoredWithinRestoreForAndForgottenPastIt() async throws {
        let anchor = FeedAnchor(post: "p31", lineOffset: 2, savedAt: Self.savedAt)
        let feed = FakeFeedRepository(pages: [revalidated()])
        let within = model(feed, cache: FakeFeedCache(saved: saved(anchor: anchor)), saved: saved(anchor: anchor), age: 10)
        #expect(within.onAppear() == nil, "fresh: no refresh")
        #expect(within.restoredPlace == FeedPlace(post: "p31", lineOffset: 2))
        #expect(within.viewState.anchor == "p31")

        let late = model(feed, cache: FakeFeedCache(saved: saved(anchor: anchor)), saved: saved(anchor: anchor), age: 7_200)
        let load = try #require(late.onAppear(), "past --restore-for: refreshed")
        #expect(late.restoredPlace == nil)
        await load.value
        #expect(late.viewState.rows.count == 20, "at the top, the new first page replaced the rows")
    }

    @Test func thePlaceIsSavedBesideTheSavedPages() async throws {
        let cache = FakeFeedCache(saved: saved())
        let model = model(FakeFeedRepository(pages: [revalidated()]), cache: cache, saved: saved(), age: 5)
        model.onAppear()
        model.readerMoved(to: FeedPlace(post: "p12", lineOffset: 4))
        await model.savePlace()?.value
        #expect(try await cache.load()?.anchor?.post == "p12")
        #expect(try await cache.load()?.anchor?.lineOffset == 4)
        model.readerMoved(to: FeedPlace(post: "p1"))
        await model.savePlace()?.value
        #expect(try await cache.load()?.anchor == nil, "at the top: nothing to restore")
    }

    @Test("a place the reader rests on is saved a moment after the last move, though the reader moves no more")
    func thePlaceIsSavedAfterTheReaderStops() async throws {
        let cache = FakeFeedCache(saved: saved())
        let model = model(FakeFeedRepository(pages: [revalidated()]), cache: cache, saved: saved(), age: 5, settleDelay: .milliseconds(20))
        model.onAppear()
        for post in 2...12 { model.readerMoved(to: FeedPlace(post: PostID("p\(post)"), lineOffset: 1)) }
        // No savePlace, no quit, no further move: what a SIGKILL would find on disk.
        #expect(await eventually(within: .seconds(60)) { (try? await cache.load()?.anchor?.post) == "p12" }, "the resting place is saved")
        let operations = await cache.operations
        #expect(operations.filter { $0.hasPrefix("anchor") } == ["anchor p2:1", "anchor p12:1"], "the first move, then the resting place: \(operations)")
    }

    @Test("a refresh while a place waits to be saved saves the top, not the place the reader left (review)")
    func aRefreshWhileAPlaceWaitsSavesTheTop() async throws {
        let cache = FakeFeedCache(saved: saved())
        let model = model(FakeFeedRepository(pages: [revalidated()]), cache: cache, saved: saved(), age: 5, settleDelay: .milliseconds(20))
        model.onAppear()
        model.readerMoved(to: FeedPlace(post: "p5", lineOffset: 1))
        model.readerMoved(to: FeedPlace(post: "p12", lineOffset: 1))
        await model.refresh().value
        #expect(await eventually(within: .seconds(60)) { await cache.operations.filter { $0.hasPrefix("anchor") }.count >= 2 })
        #expect(await model.waitUntilIdle(timeout: .seconds(30)))
        let anchors = await cache.operations.filter { $0.hasPrefix("anchor") }
        #expect(anchors == ["anchor p5:1", "anchor top"], "the first move, then the top the refresh went to: \(anchors)")
        #expect(try await cache.load()?.anchor == nil)
    }

    @Test("a saved feed dated in the future (the clock moved back) is shown and revalidated, at launch and on a return")
    func aSavedFeedFromTheFutureIsRevalidated() async throws {
        let feed = FakeFeedRepository(pages: [revalidated()])
        let model = model(feed, cache: FakeFeedCache(saved: saved()), saved: saved(), age: -7_200)
        let load = try #require(model.onAppear(), "a launch refresh")
        #expect(model.viewState.rows.count == 60, "the saved feed shows at once")
        await load.value
        #expect(await feed.requests.count == 1)
    }

    @Test func aReturnRevalidatesOnlyAStaleFeed() async throws {
        let feed = FakeFeedRepository(pages: [revalidated()])
        let fresh = model(feed, cache: FakeFeedCache(saved: saved()), saved: saved(), age: 5)
        fresh.onAppear()
        #expect(fresh.returned() == nil, "fresh: nothing to do")

        let stale = model(feed, cache: FakeFeedCache(saved: saved()), saved: saved(), age: 5, freshness: FeedFreshness(freshFor: 0, restoreFor: 3_600, hideAfter: 86_400))
        await stale.onAppear()?.value
        stale.readerMoved(to: FeedPlace(post: "p10"))
        let again = try #require(stale.returned())
        await again.value
        #expect(stale.viewState.rows.first?.id == "p1")
        #expect(stale.viewState.anchor == "p10", "the reader stays")
    }
}
