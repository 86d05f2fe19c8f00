import FeedInterface
import FeedTesting
import LikesInterface
import LikesTesting
import PostStoreInterface
import Posts
import Testing

/// The like rules of the post store through its whole path (tap, the like use case's answer, later
/// pages): the scenarios the feed and profile view models used to check over the real store, which
/// their tests now replace with `FakePostStore`.
@MainActor @Suite struct LikeRulesTests {
    private let useCase = FakeLikePostUseCase()
    private let store: InMemoryPostStore

    init() { store = InMemoryPostStore(likePost: useCase) }

    /// Takes in post `number` as a page requested now says it (not liked, 10 likes unless told).
    private func page(_ number: Int, like: LikeState = .notLiked, likeCount: Int = 10, at stamp: PostStamp? = nil) -> Post? {
        store.receive([FeedFixtures.post(number, like: like, likeCount: likeCount)], requestedAt: stamp ?? store.stamp()).first
    }

    @Test func onlyTheLatestTapSettlesTheHeart() async throws {
        _ = page(1)
        let like = try #require(store.toggleLike("p1"))
        let unlike = try #require(store.toggleLike("p1"))
        #expect(store.post("p1")?.like == .notLiked)
        #expect(store.post("p1")?.likeCount == 10)
        await useCase.waitForCalls(2)
        // The first call's saved answer arrives late: it must not flip the heart back on.
        await useCase.answer(call: 1, with: .saved(LikeResult(liked: true, likeCount: 11)))
        _ = await like.value
        #expect(store.post("p1")?.like == .notLiked)
        await useCase.answer(call: 2, with: .saved(LikeResult(liked: false, likeCount: 10)))
        _ = await unlike.value
        #expect(store.post("p1")?.like == .notLiked)
        #expect(store.post("p1")?.likeCount == 10)
    }

    @Test func aPageDuringALikeNeverFlipsThatHeart() async throws {
        _ = page(7)
        let like = try #require(store.toggleLike("p7"))
        // A refreshed page read before the like landed: the server still says not liked.
        let refreshed = page(7)
        #expect(refreshed?.like == .liked)
        #expect(refreshed?.likeCount == 11)
        await useCase.waitForCalls(1)
        await useCase.answer(call: 1, with: .saved(LikeResult(liked: true, likeCount: 11)))
        _ = await like.value
        #expect(store.post("p7")?.like == .liked)
    }

    @Test func aPageRequestedBeforeALikeSettledCannotUndoItButALaterOneIsBelieved() async throws {
        _ = page(8)
        let like = try #require(store.toggleLike("p8"))
        let refresh = store.stamp()
        await useCase.waitForCalls(1)
        await useCase.answer(call: 1, with: .saved(LikeResult(liked: true, likeCount: 11)))
        _ = await like.value
        let stale = page(8, at: refresh)
        #expect(stale?.like == .liked)
        #expect(stale?.likeCount == 11)
        #expect(page(8)?.like == .notLiked, "a page read after the like: the server's page is believed again")
    }

    @Test func aPageReadBeforeALikeSettledIsSavedWithTheSettledHeart() async throws {
        _ = page(2)
        var heard: [LikeResult] = []
        _ = store.addObserver { heard.append(contentsOf: $0.compactMap(\.settled)) }
        let like = try #require(store.toggleLike("p2"))
        let refresh = store.stamp()
        await useCase.waitForCalls(1)
        await useCase.answer(call: 1, with: .saved(LikeResult(liked: true, likeCount: 11)))
        _ = await like.value
        #expect(heard == [LikeResult(liked: true, likeCount: 11)], "what a screen saves when the like settles")
        let saved = store.settled([FeedFixtures.post(2)], requestedAt: refresh)
        #expect(saved.first?.like == .liked, "the page predates the like; what may be saved keeps the settled heart")
        #expect(saved.first?.likeCount == 11)
    }

    @Test func aPostWhoseScreenLeftBeforeItsLikeSettledIsKeptUntilItSettles() async throws {
        let posts = (1...6).map { FeedFixtures.post(500 + $0) }
        _ = store.receive(posts, requestedAt: store.stamp())
        let tap = try #require(store.toggleLike("p501"))
        store.release(posts.map(\.id))
        #expect(store.postCount == 1, "kept while its like is in flight")
        await useCase.waitForCalls(1)
        await useCase.answer(call: 1, with: .saved(LikeResult(liked: true, likeCount: 11)))
        _ = await tap.value
        #expect(store.postCount == 0)
    }
}
