import FeedInterface
import FeedTesting
import Foundation
import LikesInterface
import LikesTesting
import PluginInterface
import StoreTesting
import Testing
import TestingSupport
@testable import Feed

/// First rows after one round trip: rows show when the posts answer, hearts "checking" until the
/// likes read answers, then known, or `unknown` when it failed.
@MainActor
@Suite struct FeedViewModelHeartsTests {
    private let pages = FeedFixtures.pages(count: 2)

    @Test func rowsShowBeforeTheLikesReadWithCheckingHeartsThenTheHeartsItRead() async throws {
        let feed = FakeTwoStepFeedRepository(pages: pages, liked: ["p2"])
        let gate = await feed.holdLikes(call: 1)
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        await model.onAppear()?.value
        #expect(model.viewState.rows.count == 20, "the rows are in before the likes read answered")
        #expect(model.viewState.rows.allSatisfy { $0.heart == .checking })
        #expect(!model.isIdle, "a likes read in flight is work in flight")
        await gate.open()
        #expect(await model.waitUntilIdle(timeout: .seconds(30)))
        #expect(model.viewState.rows[1].heart == .liked)
        #expect(model.viewState.rows.filter { $0.heart == .notLiked }.count == 19)
    }

    @Test func aTapOnACheckingHeartDoesNothing() async throws {
        let feed = FakeTwoStepFeedRepository(pages: pages)
        let gate = await feed.holdLikes(call: 1)
        let useCase = FakeLikePostUseCase()
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: useCase))
        await model.onAppear()?.value
        #expect(model.toggleLike("p1") == nil, "a checking heart is disabled")
        #expect(model.viewState.rows[0].heart == .checking)
        await gate.open()
        #expect(await model.waitUntilIdle(timeout: .seconds(30)))
        #expect(await useCase.calls.isEmpty)
        #expect(model.toggleLike("p1") != nil, "once known, the heart takes taps")
    }

    @Test func aFailedLikesReadEndsUnknown() async throws {
        let feed = FakeTwoStepFeedRepository(pages: pages)
        let gate = await feed.holdLikes(call: 1)
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        await model.onAppear()?.value
        #expect(model.viewState.rows.allSatisfy { $0.heart == .checking })
        await feed.failLikes()
        await gate.open()
        #expect(await model.waitUntilIdle(timeout: .seconds(30)))
        #expect(model.viewState.rows.allSatisfy { $0.heart == .unknown })
    }

    @Test func aNextPageChecksOnlyItsOwnRows() async throws {
        let feed = FakeTwoStepFeedRepository(pages: pages, liked: ["p21"])
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        await model.onAppear()?.value
        #expect(await model.waitUntilIdle(timeout: .seconds(30)))
        let gate = await feed.holdLikes(call: 2)
        await model.rowAppeared("p20")?.value
        #expect(model.viewState.rows.count == 40)
        #expect(model.viewState.rows[..<20].allSatisfy { $0.heart == .notLiked }, "the first page's hearts stay known")
        #expect(model.viewState.rows[20...].allSatisfy { $0.heart == .checking })
        await gate.open()
        #expect(await model.waitUntilIdle(timeout: .seconds(30)))
        #expect(model.viewState.rows[20].heart == .liked)
    }

    @Test func logoutCancelsTheLikesReadsInFlight() async throws {
        let feed = FakeTwoStepFeedRepository(pages: pages)
        let gate = await feed.holdLikes(call: 1)
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        await model.onAppear()?.value
        await model.logout()?.value
        await gate.open()
        #expect(await model.waitUntilIdle(timeout: .seconds(30)))
        #expect(model.viewState.rows.isEmpty)
    }
}
