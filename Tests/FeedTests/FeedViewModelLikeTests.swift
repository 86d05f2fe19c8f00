import FeedInterface
import FeedTesting
import LikesInterface
import LikesTesting
import StoreTesting
import Testing
@testable import Feed

@MainActor
@Suite struct FeedViewModelLikeTests {
    private func loadedModel(
        pages: [FeedPage] = FeedFixtures.pages(count: 2), useCase: FakeLikePostUseCase = FakeLikePostUseCase()
    ) async -> (FeedViewModel, FakeFeedRepository) {
        let feed = FakeFeedRepository(pages: pages)
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: useCase))
        await model.onAppear()?.value
        return (model, feed)
    }

    @Test func tapFlipsTheHeartAtOnceAndTheServerCountWins() async throws {
        let useCase = FakeLikePostUseCase()
        let (model, _) = await loadedModel(useCase: useCase)
        let task = try #require(model.toggleLike("p3"))
        #expect(model.viewState.rows[2].heart == .liked)
        #expect(model.viewState.rows[2].likes == "11 likes")
        #expect(!model.isIdle)
        await useCase.waitForCalls(1)
        await useCase.answer(call: 1, with: .saved(LikeResult(liked: true, likeCount: 1204)))
        await task.value
        #expect(model.viewState.rows[2].heart == .liked)
        #expect(model.viewState.rows[2].likes == "1,204 likes")
        #expect(model.isIdle)
    }

    @Test func oneTapChangesOnlyItsRow() async throws {
        let useCase = FakeLikePostUseCase()
        let (model, _) = await loadedModel(useCase: useCase)
        let before = model.viewState.rows
        model.toggleLike("p5")
        let after = model.viewState.rows
        #expect(zip(before, after).filter { $0 != $1 }.map(\.0.id) == ["p5"])
    }

    @Test func refusedLikeRestoresTheServerStateWithAMessage() async throws {
        let useCase = FakeLikePostUseCase()
        let (model, _) = await loadedModel(useCase: useCase)
        let task = try #require(model.toggleLike("p2"))
        await useCase.waitForCalls(1)
        await useCase.answer(call: 1, with: .failed(serverState: LikeResult(liked: false, likeCount: 9)))
        await task.value
        #expect(model.viewState.rows[1].heart == .notLiked)
        #expect(model.viewState.rows[1].likes == "9 likes")
        #expect(model.viewState.message == .likeFailed(wanted: true))
    }

    @Test func failureWithoutAReplyRestoresThePreTapHeart() async throws {
        let useCase = FakeLikePostUseCase()
        let pages = FeedFixtures.pages(count: 1, like: .liked)
        let (model, _) = await loadedModel(pages: pages, useCase: useCase)
        model.toggleLike("p4")
        let second = try #require(model.toggleLike("p4"))
        let third = try #require(model.toggleLike("p4"))
        #expect(model.viewState.rows[3].heart == .notLiked)
        #expect(model.viewState.rows[3].likes == "9 likes")
        await useCase.waitForCalls(3)
        await useCase.answer(call: 2, with: .superseded)
        await second.value
        await useCase.answer(call: 3, with: .failed(serverState: nil))
        await third.value
        #expect(model.viewState.rows[3].heart == .liked)
        #expect(model.viewState.rows[3].likes == "10 likes")
        #expect(model.viewState.message == .likeFailed(wanted: false))
    }

    @Test func unknownHeartsAreDisabled() async {
        let (model, _) = await loadedModel(pages: FeedFixtures.pages(count: 1, like: .unknown))
        #expect(model.viewState.rows.allSatisfy { $0.heart == .unknown })
        #expect(model.toggleLike("p1") == nil)
        #expect(model.viewState.rows[0].heart == .unknown)
        #expect(model.toggleLike("p999") == nil, "a post that is not shown")
    }

    @Test func aLikeReadBackAfterALostAnswerSettlesTheHeartWithoutARefresh() async throws {
        let useCase = FakeLikePostUseCase()
        let (model, feed) = await loadedModel(useCase: useCase)
        let applied = try #require(model.toggleLike("p3"))
        let lost = try #require(model.toggleLike("p4"))
        await useCase.waitForCalls(2)
        await useCase.answer(call: 1, with: .reread(liked: true))
        await useCase.answer(call: 2, with: .reread(liked: false))
        await applied.value
        await lost.value
        #expect(model.viewState.rows[2].heart == .liked)
        #expect(model.viewState.rows[2].likes == "11 likes", "the count moved by one: the read carries none")
        #expect(model.viewState.rows[3].heart == .notLiked)
        #expect(model.viewState.rows[3].likes == "10 likes")
        #expect(model.viewState.message == .likeFailed(wanted: true))
        #expect(await feed.requests.count == 1, "no refresh was needed")
    }
}
