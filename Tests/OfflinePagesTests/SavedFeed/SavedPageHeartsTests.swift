import FeedInterface
import FeedTesting
import Feed
import LikesTesting
import OfflinePages
import StoreTesting
import Testing
import TestingSupport

/// A saved page waits for its likes read, and the writes keep their order (moved from the feed's
/// hearts tests with the saved feed).
@MainActor
@Suite struct SavedPageHeartsTests {
    private let pages = FeedFixtures.pages(count: 2)

    @Test func theSavedPageWaitsForItsHeartsAndKeepsTheWritesInOrder() async throws {
        let feed = FakeTwoStepFeedRepository(pages: pages, liked: ["p3", "p22"])
        let gate = await feed.holdLikes(call: 1)
        let cache = FakeFeedCache()
        let model = FeedViewModel(
            feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()), memory: SavedFeedMemory(cache: cache, saved: nil))
        await model.onAppear()?.value
        // The next page (and its hearts) answer while the first page's likes read still waits.
        await model.rowAppeared("p20")?.value
        #expect(await eventually { await feed.likesReads == 2 })
        #expect(await cache.operations.isEmpty, "nothing is saved before its hearts are read")
        await gate.open()
        #expect(await model.waitUntilIdle(timeout: .seconds(30)))
        #expect(await cache.operations == ["replace", "append"])
        let saved = try #require(try await cache.load())
        #expect(saved.posts.count == 40)
        #expect(saved.posts.filter { $0.like == .liked }.map(\.id) == ["p3", "p22"])
        #expect(!saved.posts.contains { $0.like == .unknown })
    }
}
