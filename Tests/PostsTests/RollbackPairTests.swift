import FeedInterface
import Foundation
import LikesInterface
import PostStoreInterface
import Testing

@testable import Posts

/// The heart and count an unsettled like rolls back to and counts from move only as one pair the
/// server said together: a heart from one read with a count from another may be one like off
/// (feed-chaos seed 20250101 session 9 showed 2,637 for the server's 2,638 after a read-back).
@Suite struct RollbackPairTests {
    private static func post(_ liked: Bool?, count: Int) -> Post {
        Post(
            id: "p1", author: Author(id: "a", name: "Ana"), caption: "",
            image: ImageRef(url: URL(string: "https://img.example/p1.jpg")!, width: 4, height: 5),
            likeCount: count, like: liked.map(LikeState.init) ?? .unknown)
    }

    /// The server held liked 11; the user unliked and the unlike landed (10), its reply was lost.
    private static func unlikedInFlight() throws -> (PostTable, LikeTap) {
        var table = PostTable()
        _ = table.receive([post(true, count: 11)], requestedAt: table.stamp())
        let tapped = table.tap("p1")
        let tap = try #require(tapped)
        #expect(table.post("p1")?.likeCount == 10)
        return (table, tap)
    }

    @Test func aPageWithoutHeartsLeavesThePairAlone() throws {
        var (table, tap) = try Self.unlikedInFlight()
        // The likes read of this page failed: its count (10, the unlike counted) has no heart.
        let shown = table.receive([Self.post(nil, count: 10)], requestedAt: table.stamp())
        #expect(shown.first?.like == .notLiked)
        #expect(shown.first?.likeCount == 10, "not 9: the kept heart (liked) is not paired with the new count")
        let settled = table.settle(tap, outcome: .reread(liked: false))
        #expect(settled?.settled == LikeResult(liked: false, likeCount: 10), "the server's pair")
    }

    @Test func aLikesReadPairsItsHeartWithItsPagesCount() throws {
        var (table, tap) = try Self.unlikedInFlight()
        let stamp = table.stamp()
        _ = table.receive([Self.post(nil, count: 10)], requestedAt: stamp)
        _ = table.receiveLikes([], among: ["p1"], requestedAt: stamp)
        #expect(table.post("p1")?.likeCount == 10, "notLiked with the page's 10, not with the older 11")
        let settled = table.settle(tap, outcome: .reread(liked: false))
        #expect(settled?.settled == LikeResult(liked: false, likeCount: 10))
        var (other, otherTap) = try Self.unlikedInFlight()
        let otherStamp = other.stamp()
        _ = other.receive([Self.post(nil, count: 10)], requestedAt: otherStamp)
        _ = other.receiveLikes([], among: ["p1"], requestedAt: otherStamp)
        #expect(other.settle(otherTap, outcome: .failed(serverState: nil))?.post.likeCount == 10, "a rollback goes to the same pair")
    }

    @Test func aLikesReadOlderThanAPushedPairCannotMixWithIt() throws {
        var (table, tap) = try Self.unlikedInFlight()
        let before = table.stamp()
        // The stream said the server holds notLiked 10; a likes read requested before it answers
        // later with the old heart (liked): it must not pair that heart with the pushed 10.
        _ = table.updateServerLike("p1", to: LikeResult(liked: false, likeCount: 10))
        _ = table.receiveLikes(["p1"], among: ["p1"], requestedAt: before)
        let settled = table.settle(tap, outcome: .reread(liked: false))
        #expect(settled?.settled == LikeResult(liked: false, likeCount: 10))
    }
}
