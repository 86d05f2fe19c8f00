import FeedInterface
import FeedTesting
import LikesInterface
import LikesTesting
import Posts
import Testing

/// Counts the server pushes (`updateLikeCounts`, other users' likes): in place, only for held
/// posts, and an unsettled like keeps its heart with its count following the server's plus one.
@MainActor @Suite struct LiveCountRulesTests {
    private let useCase = FakeLikePostUseCase()
    private let store: InMemoryPostStore

    init() { store = InMemoryPostStore(likePost: useCase) }

    @Test func aPushedCountChangesAHeldPostInPlaceAndObserversHearIt() {
        _ = store.receive([FeedFixtures.post(1, likeCount: 10), FeedFixtures.post(2, likeCount: 20)], requestedAt: store.stamp())
        var heard: [PostID: Int] = [:]
        _ = store.addObserver { for change in $0 { heard[change.id] = change.likeCount } }
        store.updateServerLikes(["p1": LikeResult(liked: false, likeCount: 13), "p2": LikeResult(liked: false, likeCount: 20), "p9": LikeResult(liked: true, likeCount: 5)])
        #expect(store.post("p1")?.likeCount == 13)
        #expect(heard == ["p1": 13], "only a change is heard; an unchanged or unknown post is not")
        #expect(store.post("p9") == nil, "a post nobody holds is not kept")
        #expect(Set(store.heldPosts(limit: 10)) == ["p1", "p2"])
        #expect(store.heldPosts(limit: 1).count == 1)
    }

    @Test func anUnsettledLikeKeepsItsHeartAndItsCountFollowsTheServersPlusTheTap() async throws {
        _ = store.receive([FeedFixtures.post(3, like: .notLiked, likeCount: 10)], requestedAt: store.stamp())
        let tap = try #require(store.toggleLike("p3"))
        #expect(store.post("p3")?.likeCount == 11)
        store.updateServerLikes(["p3": LikeResult(liked: false, likeCount: 40)])
        #expect(store.post("p3")?.like == .liked, "the heart the user wants stays")
        #expect(store.post("p3")?.likeCount == 41, "the server's 40 and the user's unsettled like")
        // The server applied the like meanwhile: its pair counts it, so nothing is added twice.
        store.updateServerLikes(["p3": LikeResult(liked: true, likeCount: 41)])
        #expect(store.post("p3")?.likeCount == 41)
        await useCase.waitForCalls(1)
        await useCase.answer(call: 1, with: .saved(LikeResult(liked: true, likeCount: 41)))
        _ = await tap.value
        #expect(store.post("p3")?.likeCount == 41)
        store.updateServerLikes(["p3": LikeResult(liked: true, likeCount: 42)])
        #expect(store.post("p3")?.likeCount == 42)
    }

    @Test func aPushIsWhatMayBeSavedOnlyWhileNoLikeIsUnsettled() throws {
        _ = store.receive([FeedFixtures.post(4, like: .notLiked, likeCount: 10), FeedFixtures.post(5, like: .notLiked, likeCount: 20)], requestedAt: store.stamp())
        _ = try #require(store.toggleLike("p5"))
        var settled: [PostID: LikeResult?] = [:]
        _ = store.addObserver { for change in $0 { settled[change.id] = change.settled } }
        store.updateServerLikes(["p4": LikeResult(liked: true, likeCount: 11), "p5": LikeResult(liked: false, likeCount: 21)])
        #expect(settled["p4"] == .some(LikeResult(liked: true, likeCount: 11)), "the server's pair, to save")
        #expect(settled["p5"] == .some(nil), "a like in flight: nothing to save yet")
    }

    @Test("a pushed pair older than a settled like's reply (by the server's versions) is dropped, not shown or saved")
    func aPushOlderThanASettledLikeIsDropped() async throws {
        _ = store.receive([FeedFixtures.post(6, like: .notLiked, likeCount: 10)], requestedAt: store.stamp())
        var saved: [LikeResult?] = []
        _ = store.addObserver { for change in $0 where change.id == "p6" { saved.append(change.settled) } }
        let tap = try #require(store.toggleLike("p6"))
        await useCase.waitForCalls(1)
        await useCase.answer(call: 1, with: .saved(LikeResult(liked: true, likeCount: 11, version: 8)))
        _ = await tap.value
        saved.removeAll()
        // Another user's like before ours (version 7), pushed after our reply: older than what we hold.
        store.updateServerLikes(["p6": LikeResult(liked: false, likeCount: 10, version: 7)])
        #expect(store.post("p6")?.like == .liked && store.post("p6")?.likeCount == 11, "the settled heart stays")
        #expect(saved.isEmpty, "nothing older is saved")
        // Our own like's event (version 8) and a later one (version 9) apply.
        store.updateServerLikes(["p6": LikeResult(liked: true, likeCount: 11, version: 8)])
        store.updateServerLikes(["p6": LikeResult(liked: true, likeCount: 12, version: 9)])
        #expect(store.post("p6")?.likeCount == 12)
        store.updateServerLikes(["p6": LikeResult(liked: true, likeCount: 11, version: 8)])
        #expect(store.post("p6")?.likeCount == 12, "pushes out of order: the newer stays")
        // A server that sends no version is believed as before.
        store.updateServerLikes(["p6": LikeResult(liked: false, likeCount: 3)])
        #expect(store.post("p6")?.likeCount == 3)
    }
}
