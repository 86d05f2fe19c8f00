import FeedInterface
import FeedTesting
import Foundation
import LikesInterface
import LikesTesting
import PluginInterface
import OfflinePages
import OfflinePagesInterface
import StoreTesting
import Testing
@testable import Feed

@MainActor
@Suite struct FeedViewModelOfflineTests {
    nonisolated private static let savedAt = Date(timeIntervalSince1970: 1_000_000)
    nonisolated private static let now = savedAt.addingTimeInterval(5 * 60)

    private func saved(count: Int = 20, next: String? = "old") -> CachedFeed {
        CachedFeed(posts: (1...count).map { FeedFixtures.post(900 + $0) }, next: next.map(Cursor.init), savedAt: Self.savedAt)
    }

    private func model(feed: FakeFeedRepository, cache: FakeFeedCache, saved: CachedFeed?, likePost: any LikePostUseCase = FakeLikePostUseCase()) -> FeedViewModel {
        FeedViewModel(feed: feed, posts: FakePostStore(likePost: likePost), memory: SavedFeedMemory(cache: cache, saved: saved, now: { Self.now }),
            now: { Self.now })
    }

    @Test func savedRowsShowAtOnceThenTheNetworkReplacesThemAndTheCache() async throws {
        let feed = FakeFeedRepository(pages: FeedFixtures.pages(count: 2))
        let gate = await feed.hold(call: 1)
        let cache = FakeFeedCache(saved: saved())
        let model = model(feed: feed, cache: cache, saved: saved())
        let load = try #require(model.onAppear())
        #expect(model.viewState.rows.first?.id == "p901", "saved rows at once, before the network")
        #expect(model.viewState.initialLoad == .loaded)
        #expect(model.viewState.isRefreshing)
        #expect(model.viewState.banner?.text(now: Self.now) == "Updated 5 minutes ago")
        #expect(await cache.operations.isEmpty, "nothing is replaced before the network answered")
        await gate.open()
        await load.value
        #expect(await model.waitUntilIdle(timeout: .seconds(10)))
        #expect(model.viewState.rows.first?.id == "p1")
        #expect(model.viewState.banner == nil)
        #expect(await cache.operations == ["replace"])
        #expect(try await cache.load()?.posts.first?.id == "p1")
    }

    @Test func aFailedRevalidationKeepsSavedRowsWithTheOfflineBannerAndRetryWorks() async throws {
        let pages = FeedFixtures.pages(count: 2)
        let feed = FakeFeedRepository { cursor, call in
            if call == 1 { throw FeedError.offline(reason: "cannot reach 127.0.0.1:9: Connection refused") }
            return cursor == nil ? pages[0] : pages[1]
        }
        let cache = FakeFeedCache(saved: saved())
        let model = model(feed: feed, cache: cache, saved: saved())
        await model.onAppear()?.value
        #expect(model.viewState.rows.count == 20)
        #expect(model.viewState.rows.first?.id == "p901")
        #expect(model.viewState.banner?.text(now: Self.now) == "Offline · Updated 5 minutes ago")
        #expect(await cache.operations.isEmpty, "a failed refresh keeps the old feed")
        await model.retry()?.value
        #expect(model.viewState.rows.first?.id == "p1")
        #expect(model.viewState.banner == nil)
    }

    @Test func loadMoreContinuesFromTheSavedCursorAndSavesThePage() async throws {
        let more = FeedPage(posts: (21...40).map { FeedFixtures.post($0) }, next: nil)
        let feed = FakeFeedRepository { cursor, _ in
            guard cursor == Cursor("old") else { throw FeedError.offline(reason: "cannot reach 127.0.0.1:9: down") }
            return more
        }
        let cache = FakeFeedCache(saved: saved())
        let model = model(feed: feed, cache: cache, saved: saved())
        await model.onAppear()?.value
        await model.rowAppeared("p920")?.value
        #expect(model.viewState.rows.count == 40)
        #expect(await model.waitUntilIdle(timeout: .seconds(10)))
        // The first success after failures (the network back) revalidates the saved first page once.
        #expect(await feed.requests == [nil, Cursor("old"), nil])
        #expect(model.viewState.rows.count == 40, "the revalidation failed: the rows stay")
        #expect(await cache.operations == ["append"])
        #expect(try await cache.load()?.posts.count == 40)
    }

    @Test func aCursorTheServerRefusesStartsTheFeedOverWithoutBlanking() async throws {
        let first = FeedFixtures.pages(count: 2)[0]
        let feed = FakeFeedRepository { cursor, call in
            if call == 1 { throw FeedError.offline(reason: "the server did not answer within 10 s") }
            if cursor == Cursor("old") { throw FeedError.cursorExpired }
            return first
        }
        let cache = FakeFeedCache(saved: saved())
        let model = model(feed: feed, cache: cache, saved: saved())
        await model.onAppear()?.value
        let held = await feed.hold(call: 3)
        model.rowAppeared("p920")
        await feed.waitForRequests(3)
        #expect(model.viewState.rows.count == 20, "the screen is not blanked while starting over")
        #expect(model.viewState.rows.first?.id == "p901")
        await held.open()
        #expect(await model.waitUntilIdle(timeout: .seconds(10)))
        #expect(model.viewState.rows.first?.id == "p1")
        #expect(await feed.requests == [nil, Cursor("old"), nil])
        #expect(model.viewState.pagination == .idle)
    }

    @Test func likeOutcomesAreSaved() async throws {
        let useCase = FakeLikePostUseCase()
        let feed = FakeFeedRepository(pages: FeedFixtures.pages(count: 1))
        let cache = FakeFeedCache()
        let model = model(feed: feed, cache: cache, saved: nil, likePost: useCase)
        await model.onAppear()?.value
        let like = try #require(model.toggleLike("p2"))
        await useCase.waitForCalls(1)
        await useCase.answer(call: 1, with: .saved(LikeResult(liked: true, likeCount: 77)))
        await like.value
        #expect(await model.waitUntilIdle(timeout: .seconds(10)))
        #expect(await cache.operations == ["replace", "like p2"])
        let post = try #require(try await cache.load()?.posts.first { $0.id == "p2" })
        #expect(post.like == .liked)
        #expect(post.likeCount == 77)
    }

    @Test func logoutForgetsRowsAndClearsTheCache() async throws {
        let feed = FakeFeedRepository(pages: FeedFixtures.pages(count: 1))
        let cache = FakeFeedCache()
        let model = model(feed: feed, cache: cache, saved: nil)
        await model.onAppear()?.value
        await model.logout()?.value
        #expect(model.viewState == .initial)
        #expect(try await cache.load() == nil)
        #expect(await cache.operations.last == "clear")
    }

    @Test func afterLogoutOpeningShowsNothingOfTheLastUser() async throws {
        let feed = FakeFeedRepository { _, _ in throw FeedError.offline(reason: "cannot reach 127.0.0.1:9: down") }
        let cache = FakeFeedCache(saved: saved())
        let model = model(feed: feed, cache: cache, saved: saved())
        await model.onAppear()?.value
        #expect(model.viewState.rows.count == 20)
        await model.logout()?.value
        await model.onAppear()?.value
        #expect(model.viewState.rows.isEmpty)
        #expect(model.viewState.banner == nil)
        #expect(model.viewState.initialLoad == .failed(.offline(reason: "cannot reach 127.0.0.1:9: down")))
    }

    @Test func aRefusedCursorWhoseRestartFailsIsNeverSentAgain() async throws {
        let feed = FakeFeedRepository { cursor, call in
            if cursor == Cursor("old") { throw FeedError.cursorExpired }
            throw FeedError.offline(reason: "cannot reach 127.0.0.1:9: down")
        }
        let cache = FakeFeedCache(saved: saved())
        let model = model(feed: feed, cache: cache, saved: saved())
        await model.onAppear()?.value
        model.rowAppeared("p920")
        #expect(await model.waitUntilIdle(timeout: .seconds(10)))
        #expect(model.rowAppeared("p920") == nil)
        #expect(await feed.requests == [nil, Cursor("old"), nil])
        #expect(model.viewState.rows.count == 20, "rows stay")
        #expect(model.viewState.banner?.text(now: Self.now) == "Offline · Updated 5 minutes ago")
    }

    @Test(arguments: [
        (0.0 as Double, "Updated just now"), (59.0, "Updated just now"), (60.0, "Updated 1 minute ago"), (300.0, "Updated 5 minutes ago"),
        (3_600.0, "Updated 1 hour ago"), (7_300.0, "Updated 2 hours ago"), (259_200.0, "Updated 3 days ago"), (-5.0, "Updated just now"),
    ])
    func bannerTextSaysHowOld(seconds: Double, text: String) {
        let saved = Date(timeIntervalSince1970: 0)
        #expect(FeedBanner.updated(saved).text(now: saved.addingTimeInterval(seconds)) == text)
        #expect(FeedBanner.offline(saved).text(now: saved.addingTimeInterval(seconds)) == "Offline · " + text)
    }
}
