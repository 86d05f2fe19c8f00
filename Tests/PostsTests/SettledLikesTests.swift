import FeedInterface
import FeedTesting
import LikesInterface
import PostStoreInterface
import Testing

@testable import Posts

/// The settled likes of posts no longer kept: bounded, the first kept going first, and a page
/// requested before a like settled never undoes it, however many pushed counts came since.
@Suite struct SettledLikesTests {
    private static func like(_ stamp: Int, count: Int = 1) -> SettledLike {
        SettledLike(stamp: PostStamp(stamp), result: LikeResult(liked: true, likeCount: count))
    }

    @Test func pastTheLimitTheFirstKeptGoesFirst() {
        var likes = SettledLikes(limit: 3)
        for n in 1...5 { likes.keep(Self.like(n), for: PostID("p\(n)")) }
        #expect(likes.count == 3)
        #expect(likes[PostID("p1")] == nil && likes[PostID("p2")] == nil)
        #expect(likes[PostID("p5")]?.stamp == PostStamp(5))
    }

    @Test func aPostKeptAgainMovesToTheBackAndItsOldPlaceLetsNothingGo() {
        var likes = SettledLikes(limit: 2)
        likes.keep(Self.like(1), for: "a")
        likes.keep(Self.like(2), for: "b")
        likes.keep(Self.like(3, count: 7), for: "a")
        likes.keep(Self.like(4), for: "c")
        #expect(likes[PostID("b")] == nil, "b was kept before a's second keep")
        #expect(likes[PostID("a")]?.result.likeCount == 7)
        #expect(likes[PostID("c")] != nil)
    }

    @Test func onePostSettlingAHundredThousandTimesStaysOneEntry() {
        var likes = SettledLikes(limit: 4)
        for n in 1...100_000 { likes.keep(Self.like(n / 3, count: n), for: "a") }
        #expect(likes.count == 1)
        #expect(likes[PostID("a")]?.result.likeCount == 100_000)
        #expect(likes.take("a") != nil && likes.count == 0)
    }

    @Test func pushedCountsOnTenThousandHeldPostsAllOutliveAnOlderPage() {
        var table = PostTable()
        let numbers = Array(1...10_000)
        let ids = numbers.map { PostID("p\($0)") }
        let before = table.stamp()
        _ = table.receive(numbers.map { FeedFixtures.post($0, likeCount: 1) }, requestedAt: before)
        for id in ids { _ = table.updateServerLike(id, to: LikeResult(liked: true, likeCount: 50)) }
        // A second screen's page, requested before the pushes, comes after them.
        let shown = table.receive(numbers.map { FeedFixtures.post($0, likeCount: 1) }, requestedAt: before)
        #expect(shown.allSatisfy { $0.like == .liked && $0.likeCount == 50 })
    }

    @Test func aPushedCountOutlivesItsPostBeingLetGoUntilAnOlderPageComes() {
        var table = PostTable()
        let before = table.stamp()
        _ = table.receive([FeedFixtures.post(1, likeCount: 1)], requestedAt: before)
        _ = table.updateServerLike("p1", to: LikeResult(liked: false, likeCount: 9))
        table.release(["p1"])
        #expect(table.post("p1") == nil, "nobody holds it")
        let shown = table.receive([FeedFixtures.post(1, likeCount: 1)], requestedAt: before)
        #expect(shown.first?.likeCount == 9, "the page was requested before the push")
        let later = table.receive([FeedFixtures.post(1, likeCount: 4)], requestedAt: table.stamp())
        #expect(later.first?.likeCount == 4, "a page requested after it is newer")
    }
}
