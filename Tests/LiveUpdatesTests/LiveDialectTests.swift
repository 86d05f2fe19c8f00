import FeedInterface
import FeedTesting
import Foundation
import LikesInterface
import LikesTesting
import LiveUpdatesInterface
import LiveUpdatesTesting
import Networking
import PluginKit
import StoreTesting
import Synchronization
import Testing
import TestingSupport
@testable import LiveUpdates

/// A stream in another dialect (the Mastodon API's, say): its address, its messages and its
/// counts read are the dialect's; the connection's rules (open, refetch, bounds) stay.
@MainActor @Suite struct LiveDialectTests {
    /// A dialect whose `gone` event is a deletion and whose `count` event sets a heart, with no event ids.
    private final class TestDialect: LiveStreamDialect {
        let asked = Mutex<[[PostID]]>([])

        func stream(after lastID: Int, newestShown: PostID?) -> (pathSegments: [String], query: [URLQueryItem]) {
            (["api", "v1", "streaming", "user"], [])
        }

        func decode(event: String, data: String) -> LiveDecoding {
            switch event {
            case "gone": .event(.deleted(PostID(data)))
            case "count": .event(.likes(post: PostID(data), likeCount: 99, liked: true, version: nil))
            case "edit": .event(.changed(PostID(data)))
            case "broken": .malformed("a broken event")
            default: .skipped
            }
        }

        func counts(of ids: [PostID]) async throws -> [PostID: ServerLikes] {
            asked.withLock { $0.append(ids) }
            return Dictionary(uniqueKeysWithValues: ids.map { ($0, ServerLikes(liked: false, likeCount: 40)) })
        }

        var countsLimit: Int { 3 }
    }

    private struct Counter: NewPostsCounter {
        func newPostCount(since post: PostID) async throws -> Int { 0 }
    }

    @Test func theDialectNamesTheStreamReadsItsMessagesAndItsCountsUpToItsLimit() async {
        let store = FakePostStore(likePost: FakeLikePostUseCase())
        _ = store.receive((1...6).map { FeedFixtures.post($0, likeCount: 10) }, requestedAt: store.stamp())
        let client = ScriptedStreamClient([.init([":)\n"], end: .takePushes)])
        let dialect = TestDialect()
        let deleted = Mutex<[PostID]>([])
        let warnings = Mutex<[String]>([])
        var targets = LiveTargets(
            stores: { [store] }, newestShown: { "p1" }, newPosts: Counter(), relay: NewPostsBroadcast(), refreshFlags: {},
            warn: { line in warnings.withLock { $0.append(line) } })
        targets.deleted = { ids in deleted.withLock { $0 += ids } }
        let live = LiveConnection(http: client, dialect: dialect, targets: targets)
        live.setWanted(true)
        // Open, and the counts read again (events before the read would yield to it).
        #expect(await eventually(within: .seconds(180)) { live.state == .open && !dialect.asked.withLock { $0 }.isEmpty && live.refetches == 1 })
        client.push("event: update\ndata: {}\n\n" + "event: gone\ndata: p2\n\n" + "event: count\ndata: p5\n\n")
        #expect(await eventually(within: .seconds(180)) { deleted.withLock { $0 } == ["p2"] && store.post("p5")?.likeCount == 99 })
        #expect(client.requests.map(\.path) == ["/api/v1/streaming/user"], "the counts are read by the dialect, not by GET /v1/posts/like-counts")
        #expect(warnings.withLock { $0 }.isEmpty, "\(warnings.withLock { $0 })")
        // An edit the event does not fully say: the post is read again through the dialect.
        client.push("event: edit\ndata: p6\n\n")
        #expect(await eventually(within: .seconds(180)) { dialect.asked.withLock { $0 }.last == ["p6"] && store.post("p6")?.likeCount == 40 })
        let asked = dialect.asked.withLock { $0 }.first ?? []
        #expect(asked.count == 3, "at most the dialect's limit")
        #expect(asked.filter { $0 != "p5" }.allSatisfy { store.post($0)?.likeCount == 40 }, "the dialect's read applies")
        live.setWanted(false)
    }

    @Test func deletionsLeaveButNeverFromUnderTheReader() {
        let deleted = DeletedPosts()
        #expect(deleted.add(["p1", "p2"], onScreen: ["p2", "p3"]))
        #expect(!deleted.add(["p1"], onScreen: []), "heard twice: no change")
        #expect(!deleted.keeps(FeedFixtures.post(1)))
        #expect(deleted.keeps(FeedFixtures.post(2)), "under the reader: kept")
        #expect(deleted.keeps(FeedFixtures.post(3)))
        #expect(!deleted.release(notIn: ["p2"]), "still on screen")
        #expect(deleted.release(notIn: ["p4"]))
        #expect(!deleted.keeps(FeedFixtures.post(2)), "the reader moved on: it leaves")
        deleted.isApplied = false
        #expect(deleted.keeps(FeedFixtures.post(1)), "switched off: nothing is hidden")
    }

    @Test func deletionsAreBounded() {
        let deleted = DeletedPosts()
        _ = deleted.add((0...DeletedPosts.capacity).map { PostID("d\($0)") }, onScreen: ["d0"])
        #expect(deleted.contains("d1") && !deleted.contains("d0"), "the oldest is forgotten past the bound")
        #expect(deleted.waiting.isEmpty)
    }
}
