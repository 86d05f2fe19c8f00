import FeedInterface
import FeedTesting
import Foundation
import LikesInterface
import LikesTesting
import Testing

@testable import Posts

@Suite struct PostTableTests {
    private static func post(_ id: PostID, liked: Bool? = false, count: Int = 10) -> Post {
        Post(
            id: id, author: Author(id: "a", name: "Ana"), caption: "",
            image: ImageRef(url: URL(string: "https://img.example/\(id).jpg")!, width: 4, height: 5),
            likeCount: count, like: liked.map(LikeState.init) ?? .unknown)
    }

    @Test func aTapShowsTheWantedHeartAndTheLatestOutcomeSettlesIt() throws {
        var table = PostTable()
        _ = table.receive([Self.post("p1")], requestedAt: table.stamp())
        let likeTap = table.tap("p1")
        let like = try #require(likeTap)
        #expect(table.post("p1")?.like == .liked)
        #expect(table.post("p1")?.likeCount == 11)
        let unlikeTap = table.tap("p1")
        let unlike = try #require(unlikeTap)
        #expect(!unlike.wanted && like.wanted)
        #expect(table.settle(like, outcome: .superseded)?.post == nil)
        #expect(table.settle(like, outcome: .saved(LikeResult(liked: true, likeCount: 11)))?.post == nil, "only the latest tap settles")
        let settled = table.settle(unlike, outcome: .saved(LikeResult(liked: false, likeCount: 9)))
        #expect(settled?.post.like == .notLiked)
        #expect(settled?.post.likeCount == 9, "the count comes from the server")
        #expect(settled?.settled == LikeResult(liked: false, likeCount: 9))
        #expect(table.unsettledCount == 0)
    }

    @Test func aPageCannotFlipAnUnsettledHeartButUpdatesTheRollbackState() throws {
        var table = PostTable()
        _ = table.receive([Self.post("p1")], requestedAt: table.stamp())
        let tapTap = table.tap("p1")
        let tap = try #require(tapTap)
        let shown = table.receive([Self.post("p1", liked: false, count: 20)], requestedAt: table.stamp())
        #expect(shown.first?.like == .liked)
        #expect(shown.first?.likeCount == 21)
        let rolledBack = table.settle(tap, outcome: .failed(serverState: nil))
        #expect(rolledBack?.post.like == .notLiked)
        #expect(rolledBack?.post.likeCount == 20, "back to what the latest page said")
        #expect(rolledBack?.settled == nil, "nothing known to save")
    }

    @Test func aLikeSettledAfterAPageWasRequestedWinsOverThatPageOnly() throws {
        var table = PostTable()
        _ = table.receive([Self.post("p1")], requestedAt: table.stamp())
        let before = table.stamp()
        let tapTap = table.tap("p1")
        let tap = try #require(tapTap)
        _ = table.settle(tap, outcome: .saved(LikeResult(liked: true, likeCount: 11)))
        let stale = table.receive([Self.post("p1", liked: false, count: 10)], requestedAt: before)
        #expect(stale.first?.like == .liked, "the page was requested before the like settled")
        #expect(table.settled([Self.post("p1", liked: false, count: 10)], requestedAt: before).first?.likeCount == 11)
        let fresh = table.receive([Self.post("p1", liked: false, count: 30)], requestedAt: table.stamp())
        #expect(fresh.first?.like == .notLiked, "a page requested later is the server's truth")
        #expect(fresh.first?.likeCount == 30)
    }

    @Test func unknownHeartsCannotBeTapped() {
        var table = PostTable()
        _ = table.receive([Self.post("p1", liked: nil)], requestedAt: table.stamp())
        #expect(table.tap("p1") == nil)
        #expect(table.tap("nope") == nil)
    }

    @Test func postsNobodyHoldsAreForgottenOnceTheirLikeSettles() throws {
        var table = PostTable()
        let stamp = table.stamp()
        _ = table.receive([Self.post("p1"), Self.post("p2")], requestedAt: stamp)
        _ = table.receive([Self.post("p1")], requestedAt: stamp)
        table.release(["p1", "p2"])
        #expect(table.post("p1") != nil, "a second screen still holds p1")
        #expect(table.post("p2") == nil)
        let tapTap = table.tap("p1")
        let tap = try #require(tapTap)
        table.release(["p1"])
        #expect(table.post("p1") != nil, "kept while its like is in flight")
        _ = table.settle(tap, outcome: .saved(LikeResult(liked: true, likeCount: 11)))
        #expect(table.count == 0)
    }

    @Test func countsSaturate() {
        var table = PostTable()
        _ = table.receive([Self.post("p1", count: Int.max), Self.post("p2", liked: true, count: 0)], requestedAt: table.stamp())
        #expect(table.tap("p1") != nil)
        #expect(table.tap("p2") != nil)
        #expect(table.post("p1")?.likeCount == Int.max)
        #expect(table.post("p2")?.likeCount == 0)
    }

    @Test func aLikeReadBackSettlesTheHeartAndMovesTheCountByOne() throws {
        var table = PostTable()
        _ = table.receive([Self.post("p1", liked: false, count: 10), Self.post("p2", liked: false, count: 10)], requestedAt: table.stamp())
        let appliedTap = table.tap("p1")
        let applied = try #require(appliedTap)
        let lostTap = table.tap("p2")
        let lost = try #require(lostTap)
        let first = table.settle(applied, outcome: .reread(liked: true))
        #expect(first?.post.like == .liked)
        #expect(first?.settled == LikeResult(liked: true, likeCount: 11))
        let second = table.settle(lost, outcome: .reread(liked: false))
        #expect(second?.post.like == .notLiked)
        #expect(second?.settled == LikeResult(liked: false, likeCount: 10))
    }

    @Test func aPageWhoseLikesReadFailedKeepsAHeartAlreadyKnownButTakesItsCount() throws {
        var table = PostTable()
        _ = table.receive([Self.post("p1", liked: true, count: 10)], requestedAt: table.stamp())
        let shown = table.receive([Self.post("p1", liked: nil, count: 12), Self.post("p2", liked: nil)], requestedAt: table.stamp())
        #expect(shown.map(\.like) == [.liked, .unknown], "never 'not liked', and a known heart is not forgotten")
        #expect(shown.first?.likeCount == 12)
    }

    @Test func aQueuedLikeKeepsTheWantedHeartOverEveryPageUntilTheQueueSettlesIt() throws {
        var table = PostTable()
        _ = table.receive([Self.post("p1", liked: false, count: 10)], requestedAt: table.stamp())
        let tapped = table.tap("p1")
        let tap = try #require(tapped)
        #expect(tap.before == LikeResult(liked: false, likeCount: 10))
        let queued = table.settle(tap, outcome: .queued)
        #expect(queued?.post.like == .liked)
        #expect(queued?.settled == nil)
        #expect(table.isPending("p1") && table.pendingCount == 1)
        let page = table.receive([Self.post("p1", liked: false, count: 20)], requestedAt: table.stamp())
        #expect(page.first?.like == .liked, "a page says otherwise; the pending heart stays")
        #expect(page.first?.likeCount == 21, "the server's count moved by one")
        let saved = table.settleQueued(LikeQueueEvent(post: "p1", outcome: .saved(LikeResult(liked: true, likeCount: 21))))
        #expect(saved?.post.like == .liked)
        #expect(saved?.settled == LikeResult(liked: true, likeCount: 21))
        #expect(!table.isPending("p1"))
    }

    @Test func aQueuedLikeRefusedLaterRollsBackToWhatTheServerSaid() throws {
        var table = PostTable()
        _ = table.receive([Self.post("p1", liked: false, count: 10)], requestedAt: table.stamp())
        let tapped = table.tap("p1")
        _ = table.settle(try #require(tapped), outcome: .queued)
        let refused = table.settleQueued(LikeQueueEvent(post: "p1", outcome: .refused(serverState: nil)))
        #expect(refused?.post.like == .notLiked)
        #expect(refused?.post.likeCount == 10)
        #expect(table.pendingCount == 0)
    }

    @Test func likesLeftByAnEarlierRunAreLaidOverThePostsWhenTheyCome() {
        var table = PostTable()
        table.restorePending([PendingLike(post: "p1", wanted: true, before: LikeResult(liked: false, likeCount: 3))])
        #expect(table.pendingCount == 1)
        let shown = table.receive([Self.post("p1", liked: false, count: 5), Self.post("p2")], requestedAt: table.stamp())
        #expect(shown.map(\.like) == [.liked, .notLiked])
        #expect(shown.first?.likeCount == 6)
        #expect(table.isPending("p1") && !table.isPending("p2"))
    }

    @Test func aLikeFromAnEarlierRunSettledBeforeTheFirstPageIsNotUndoneByThatPage() {
        // Found by feed-chaos: the queue's drain settled the like before the first page came; the
        // page, requested before, read the count before the like and the heart after it.
        var table = PostTable()
        table.restorePending([PendingLike(post: "p1", wanted: true, before: LikeResult(liked: false, likeCount: 4006))])
        let stamp = table.stamp()
        _ = table.settleQueued(LikeQueueEvent(post: "p1", outcome: .saved(LikeResult(liked: true, likeCount: 4007))))
        let shown = table.receive([Self.post("p1", liked: true, count: 4006)], requestedAt: stamp)
        #expect(shown.first?.like == .liked)
        #expect(shown.first?.likeCount == 4007)
        // A page requested after the like settled is the server's word again.
        let later = table.receive([Self.post("p1", liked: true, count: 4010)], requestedAt: table.stamp())
        #expect(later.first?.likeCount == 4010)
    }

    @Test func aLikeSettledWhileNoScreenHeldThePostIsNotUndoneByAPageRequestedBefore() throws {
        // Found by feed-chaos: a profile was left and opened again while a like of its post was in
        // flight; the like settled with nobody holding the post, then the new profile's page came,
        // its two reads straddling the like (the count before it, the heart after it).
        var table = PostTable()
        _ = table.receive([Self.post("p1", liked: false, count: 4942)], requestedAt: table.stamp())
        let tapped = table.tap("p1")
        let like = try #require(tapped)
        let unlikeTap = table.tap("p1")
        let unlike = try #require(unlikeTap)
        #expect(table.settle(like, outcome: .superseded) == nil)
        table.release(["p1"])
        let reopened = table.stamp()
        _ = table.settle(unlike, outcome: .saved(LikeResult(liked: false, likeCount: 4942)))
        #expect(table.count == 0, "nobody holds the post")
        let shown = table.receive([Self.post("p1", liked: false, count: 4943)], requestedAt: reopened)
        #expect(shown.first?.likeCount == 4942)
    }
}

/// A likes read laid over later (`receiveLikes`): the rows came first with hearts unknown.
@Suite struct LikesReadTests {
    private func unknown(_ number: Int) -> Post { FeedFixtures.post(number, like: .unknown) }

    @Test func aLikesReadFillsTheHeartsOfItsPage() {
        var table = PostTable()
        let stamp = table.stamp()
        _ = table.receive([unknown(1), unknown(2)], requestedAt: stamp)
        let changed = table.receiveLikes(["p2"], among: ["p1", "p2"], requestedAt: stamp)
        #expect(changed.map(\.id) == ["p1", "p2"])
        #expect(table.post("p1")?.like == .notLiked)
        #expect(table.post("p2")?.like == .liked)
    }

    @Test func anOlderLikesReadNeverUndoesANewerHeart() {
        var table = PostTable()
        let old = table.stamp()
        _ = table.receive([unknown(1)], requestedAt: old)
        let newer = table.stamp()
        _ = table.receive([FeedFixtures.post(1, like: .liked)], requestedAt: newer)
        #expect(table.receiveLikes([], among: ["p1"], requestedAt: old).isEmpty)
        #expect(table.post("p1")?.like == .liked, "the newer page's heart stays")
    }

    @Test func aLikeSettledAfterTheRequestWins() throws {
        var table = PostTable()
        let stamp = table.stamp()
        _ = table.receive([FeedFixtures.post(1, like: .notLiked)], requestedAt: stamp)
        let tapped = table.tap("p1")
        let tap = try #require(tapped)
        _ = table.settle(tap, outcome: .saved(LikeResult(liked: true, likeCount: 11)))
        #expect(table.receiveLikes([], among: ["p1"], requestedAt: stamp).isEmpty)
        #expect(table.post("p1")?.like == .liked)
    }

    @Test func aPostNobodyHoldsIsNotBroughtBack() {
        var table = PostTable()
        let stamp = table.stamp()
        _ = table.receive([unknown(1)], requestedAt: stamp)
        table.release(["p1"])
        #expect(table.receiveLikes(["p1"], among: ["p1"], requestedAt: stamp).isEmpty)
        #expect(table.post("p1") == nil)
    }

    @MainActor @Test func theStoreTellsItsObserversOfEachHeartTheReadChanged() {
        let store = InMemoryPostStore(likePost: FakeLikePostUseCase())
        var heard: [PostID: LikeState] = [:]
        _ = store.addObserver { for change in $0 { heard[change.id] = change.like } }
        let stamp = store.stamp()
        _ = store.receive([unknown(1), FeedFixtures.post(2, like: .liked)], requestedAt: stamp)
        store.receiveLikes(["p1", "p2"], among: ["p1", "p2"], requestedAt: stamp)
        #expect(heard == ["p1": .liked], "p2 was known and did not change")
    }
}
