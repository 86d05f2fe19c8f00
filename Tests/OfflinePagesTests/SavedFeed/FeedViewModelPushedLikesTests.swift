import FeedInterface
import FeedTesting
import Foundation
import LikesInterface
import LikesTesting
import PluginInterface
import OfflinePages
import StoreTesting
import Testing

@testable import Feed

/// Hearts and counts the server pushes (live updates) reach the saved feed, so a restart shows
/// them (feed-chaos seed 505 session 17: a restart showed a heart the screen had corrected), and
/// a flood of them costs one write a turn.
@MainActor
@Suite struct FeedViewModelPushedLikesTests {
    private let cache = FakeFeedCache()
    private let store = FakePostStore(likePost: FakeLikePostUseCase())

    private func loaded() async throws -> FeedViewModel {
        let model = FeedViewModel(
            feed: FakeFeedRepository(pages: FeedFixtures.pages(count: 1)), posts: store, memory: SavedFeedMemory(cache: cache, saved: nil))
        await model.onAppear()?.value
        #expect(await model.waitUntilIdle(timeout: .seconds(10)))
        #expect(await cache.operations == ["replace"])
        return model
    }

    @Test func pushedCountsAreSavedInOneWriteATurn() async throws {
        let model = try await loaded()
        store.updateServerLikes(["p1": LikeResult(liked: true, likeCount: 50)])
        store.updateServerLikes(["p2": LikeResult(liked: false, likeCount: 60), "p3": LikeResult(liked: false, likeCount: 70)])
        store.updateServerLikes(["p1": LikeResult(liked: false, likeCount: 49)])
        #expect(await model.waitUntilIdle(timeout: .seconds(10)))
        #expect(await cache.operations == ["replace", "like p1,p2,p3"], "three pushes in one turn, one write")
        let saved = try #require(try await cache.load()).posts
        #expect(saved.first { $0.id == "p1" }.map { ($0.like, $0.likeCount) } ?? (.unknown, 0) == (.notLiked, 49), "the latest push wins")
        #expect(saved.first { $0.id == "p3" }?.likeCount == 70)
        #expect(model.viewState.rows.first?.likeCount == 49)
    }

    @Test func aPushAfterAnotherWriteIsWrittenAfterIt() async throws {
        let model = try await loaded()
        store.updateServerLikes(["p1": LikeResult(liked: true, likeCount: 50)])
        model.readerMoved(to: FeedPlace(post: "p2", lineOffset: 0))
        model.savePlace()
        store.updateServerLikes(["p1": LikeResult(liked: false, likeCount: 40)])
        #expect(await model.waitUntilIdle(timeout: .seconds(10)))
        let operations = await cache.operations
        #expect(operations.filter { $0.hasPrefix("like") } == ["like p1", "like p1"], "no merge across another write: \(operations)")
        #expect(try await cache.load()?.posts.first?.likeCount == 40)
    }
}
