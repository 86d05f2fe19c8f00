import FeedInterface
import FeedTesting
import Foundation
import LikesInterface
import LikesTesting
import PluginInterface
import StoreTesting
import Testing

@testable import Feed

/// The feed's side of its memory (`FeedMemory`): what it opens with as the memory decides, and what
/// it tells the memory from then on, in order. With no memory the feed works the same, keeping nothing.
@MainActor
@Suite struct FeedMemoryTests {
    nonisolated private static let savedAt = Date(timeIntervalSince1970: 2_000_000)

    private let store = FakePostStore(likePost: FakeLikePostUseCase())

    private func model(_ feed: FakeFeedRepository, memory: FakeFeedMemory?) -> FeedViewModel {
        FeedViewModel(feed: feed, posts: store, memory: memory, now: { Self.savedAt.addingTimeInterval(60) })
    }

    @Test func theFeedTellsItsMemoryEachPageHeartPlaceAndTheLogoutInOrder() async throws {
        let memory = FakeFeedMemory()
        let model = model(FakeFeedRepository(pages: FeedFixtures.pages(count: 2)), memory: memory)
        await model.onAppear()?.value
        await model.rowAppeared("p20")?.value
        store.updateServerLikes(["p3": LikeResult(liked: true, likeCount: 50)])
        model.readerMoved(to: FeedPlace(post: "p5", lineOffset: 2))
        await model.savePlace()?.value
        #expect(await model.waitUntilIdle(timeout: .seconds(30)))
        #expect(memory.told.prefix(3) == ["replace", "append", "like p3"], "\(memory.told)")
        #expect(memory.told.suffix(2) == ["moved p5:2", "place p5:2"])
        #expect(memory.pages.map(\.posts.count) == [20, 20])
        #expect(memory.pages.map(\.next) == [Cursor("c1"), nil], "where paging goes on, the last page: the end")
        await model.logout()?.value
        #expect(memory.told.last == "forget")
        #expect(model.viewState.rows.isEmpty)
    }

    @Test func savedRowsShowAtOnceAtTheirPlaceAndFreshOnesAreNotRefreshed() async throws {
        let posts = (1...30).map { FeedFixtures.post($0) }
        let place = FeedPlace(post: "p12", lineOffset: 3)
        let memory = FakeFeedMemory(launch: .rows(SavedRows(posts: posts, next: Cursor("c1"), savedAt: Self.savedAt, place: place, isFresh: true)))
        let feed = FakeFeedRepository(pages: FeedFixtures.pages(count: 2))
        let model = model(feed, memory: memory)
        #expect(model.onAppear() == nil, "fresh: no launch refresh")
        #expect(model.viewState.rows.count == 30)
        #expect(model.restoredPlace == place && model.readerPlace == place)
        #expect(memory.told == ["restored p12:3", "moved p12:3"], "restored, then there: the place it already holds")
        #expect(await feed.requests.isEmpty)
    }

    @Test func anExpiredPlaceOpensAtTheTopAndRefreshes() async throws {
        let posts = (1...30).map { FeedFixtures.post($0) }
        let memory = FakeFeedMemory(
            launch: .rows(SavedRows(posts: posts, next: nil, savedAt: Self.savedAt, place: FeedPlace(post: "p12"), placeExpired: true, isFresh: true)))
        let feed = FakeFeedRepository(pages: FeedFixtures.pages(count: 1))
        let model = model(feed, memory: memory)
        let refresh = try #require(model.onAppear(), "a refresh from the top")
        #expect(model.restoredPlace == nil)
        await refresh.value
        #expect(await feed.requests == [nil])
        #expect(memory.told.first == "replace")
    }

    @Test func rowsTooOldToShowSaySoWhenTheFirstPageFails() async throws {
        let memory = FakeFeedMemory(launch: .tooOld(savedAt: Self.savedAt))
        let feed = FakeFeedRepository { _, _ in throw FeedError.offline(reason: "cannot reach 127.0.0.1:9") }
        let model = model(feed, memory: memory)
        await model.onAppear()?.value
        #expect(model.viewState.rows.isEmpty)
        #expect(model.viewState.message == .savedFeedTooOld(.offline(reason: "cannot reach 127.0.0.1:9")))
    }

    @Test func withNoMemoryTheFeedLoadsAndKeepsNothing() async throws {
        let model = model(FakeFeedRepository(pages: FeedFixtures.pages(count: 1)), memory: nil)
        await model.onAppear()?.value
        #expect(model.viewState.rows.count == 20)
        #expect(model.savePlace() == nil)
        #expect(await model.waitUntilIdle(timeout: .seconds(30)))
    }
}
