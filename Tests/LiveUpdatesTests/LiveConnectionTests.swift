import FeedInterface
import FeedTesting
import Foundation
import LikesTesting
import LiveUpdates
import LiveUpdatesInterface
import LiveUpdatesTesting
import Networking
import PluginInterface
import PluginKit
import StoreTesting
import Testing
import TestingSupport

/// The app's one stream over a scripted server: open, refetch before events, in-place counts,
/// reconnects with backoff resuming after the last ID, the idle drop, the pill and the flags.
/// Deadlines are generous: a full suite on two loaded cores can starve the cooperative pool for a minute.
@MainActor @Suite struct LiveConnectionTests {
    private struct Counter: NewPostsCounter {
        func newPostCount(since post: PostID) async throws -> Int { 4 }
    }

    private final class Heard {
        var flagsRefreshed = 0
        var warnings: [String] = []
        var pushed: [(Int, PostID)] = []
        var reconnects: [(attempt: Int, wait: Duration)] = []
    }

    private let store = FakePostStore(likePost: FakeLikePostUseCase())
    private let relay = NewPostsBroadcast()
    private let heard = Heard()

    private func connection(
        _ client: ScriptedStreamClient, idle: Duration = .seconds(45), first: PostID? = "p1", healthyAfter: Duration = .seconds(10)
    ) -> LiveConnection {
        var timings = LiveTimings()
        timings.idleTimeout = idle
        timings.healthyAfter = healthyAfter
        timings.backoff = .milliseconds(10)
        timings.maxBackoff = .milliseconds(40)
        let (store, heard) = (store, heard)
        relay.listen { heard.pushed.append(($0, $1)) }
        var targets = LiveTargets(
            stores: { [store] }, newestShown: { first }, newPosts: Counter(), relay: relay,
            refreshFlags: { heard.flagsRefreshed += 1 }, warn: { heard.warnings.append($0) })
        targets.reconnecting = { heard.reconnects.append(($0, $1)) }
        return LiveConnection(http: client, timings: timings, targets: targets)
    }

    private func hold(_ numbers: [Int]) {
        _ = store.receive(numbers.map { FeedFixtures.post($0, likeCount: 10) }, requestedAt: store.stamp())
    }

    private static func likes(_ id: Int, _ post: String, _ count: Int) -> String {
        "id: \(id)\nevent: likes\ndata: {\"id\":\"\(post)\",\"likeCount\":\(count),\"liked\":false}\n\n"
    }

    @Test func afterConnectingTheCountsAreReadAgainThenEventsApplyInPlace() async {
        hold([1, 2])
        // An event that came before the refetch is older than what it reads: the refetch wins.
        let client = ScriptedStreamClient([.init(["retry: 1000\n\n" + Self.likes(1, "p1", 9)])])
        client.setCounts(["p1": 50, "p2": 60])
        let live = connection(client)
        live.setWanted(true)
        #expect(await eventually(within: .seconds(180)) { live.state == .open && self.store.post("p1")?.likeCount == 50 })
        #expect(store.post("p2")?.likeCount == 60)
        #expect(client.requests.map(\.path) == ["/v1/live", "/v1/posts/like-counts"])
        #expect(client.requests.first?.query.contains(URLQueryItem(name: "since", value: "0")) == true)
        #expect(relay.isPushing, "the pill's poller rests while the stream is open")
        live.setWanted(false)
        #expect(live.state == .paused)
        #expect(!relay.isPushing)
    }

    @Test func aBatchWithAGapNeverUndoesTheCountsReadAfterIt() async {
        hold([1, 2])
        let client = ScriptedStreamClient([.init(["retry: 1000\n\n"], end: .takePushes)])
        client.setCounts(["p1": 50, "p2": 60])
        let live = connection(client)
        live.setWanted(true)
        #expect(await eventually(within: .seconds(180)) { live.state == .open && self.store.post("p1")?.likeCount == 50 })
        // Event 3 is p1's older count; 4 and 5 went missing (p1 moved on to 51), so the counts are read again.
        client.setCounts(["p1": 51, "p2": 61])
        client.push(Self.likes(1, "p1", 49) + Self.likes(2, "p2", 59) + Self.likes(5, "p9", 1))
        #expect(await eventually(within: .seconds(180)) { client.requests.count == 3 && self.store.post("p2")?.likeCount == 61 })
        #expect(store.post("p1")?.likeCount == 51, "the event from before the gap is older than the read")
        client.push(Self.likes(6, "p1", 52))
        #expect(await eventually(within: .seconds(180)) { self.store.post("p1")?.likeCount == 52 }, "an event after the read applies")
        live.setWanted(false)
    }

    @Test func aClosedStreamIsReopenedAfterTheLastIDAndEventsLandInOneBatchPerFrame() async {
        hold([1])
        var flood = ""
        for id in 1...1_000 { flood += Self.likes(id, "p1", id) }
        let client = ScriptedStreamClient([.init(["retry: 1000\n\n", flood], end: .close), .init([": hi\n\n", Self.likes(1_001, "p1", 7)])])
        let live = connection(client)
        live.setWanted(true)
        #expect(await eventually(within: .seconds(180)) { client.streams == 2 && self.store.post("p1")?.likeCount == 7 })
        #expect(client.requests.last { $0.path == "/v1/live" }?.query.contains(URLQueryItem(name: "since", value: "1000")) == true)
        #expect(live.batches < 20, "1,000 events, a handful of batches: \(live.batches)")
        #expect(heard.warnings.isEmpty, "a server closing a stream is no trouble to report")
        live.stop()
        #expect(live.state == .off)
        live.setWanted(true)
        #expect(live.state == .off, "switched off for good")
    }

    @Test func aSilentStreamIsDroppedAndReopenedWithOneLine() async {
        let client = ScriptedStreamClient([.init(["retry: 1000\n\n"]), .init(["retry: 1000\n\n"]), .init(["retry: 1000\n\n"])])
        let live = connection(client, idle: .milliseconds(100))
        live.setWanted(true)
        #expect(await eventually(within: .seconds(180)) { client.streams >= 3 })
        #expect(heard.warnings.count == 1)
        #expect(heard.warnings.first?.contains("sent nothing") == true)
        live.setWanted(false)
    }

    @Test func newPostsArePushedToThePillAndFlagsAreReadAtOnce() async {
        // New posts coalesce to the latest: one connection each, so both are seen.
        let client = ScriptedStreamClient([
            .init([
                "retry: 1000\n\n",
                "id: 1\nevent: new-posts\ndata: {\"newest\":\"p9\",\"count\":3,\"above\":\"p1\"}\n\n",
                "id: 2\nevent: flags\ndata: {\"flags\":{\"live-updates\":false}}\n\n",
            ], end: .close),
            .init(["retry: 1000\n\n", "id: 3\nevent: new-posts\ndata: {\"newest\":\"p9\",\"count\":3,\"above\":\"p0\"}\n\n"]),
        ])
        let live = connection(client)
        live.setWanted(true)
        #expect(await eventually(within: .seconds(180)) { self.heard.flagsRefreshed == 1 && self.heard.pushed.count == 2 })
        #expect(heard.pushed.map(\.0) == [3, 4], "a count from the first row is pushed; one from another post is counted again")
        #expect(heard.pushed.allSatisfy { $0.1 == "p1" })
        live.setWanted(false)
    }

    @Test func aSettleWaitsForAStreamComingBackAndItsRead() async {
        hold([1])
        let client = ScriptedStreamClient([.init([], end: .fail(.status(code: 503, message: "off"))), .init(["retry: 1000\n\n"])])
        client.setCounts(["p1": 70])
        let live = connection(client)
        live.setWanted(true)
        #expect(!(await live.settle(timeout: .zero)), "not settled while the stream is not open")
        // The refusal, the backoff, the second connection and its read: then it settles.
        #expect(await live.settle(timeout: .seconds(180)))
        #expect(live.state == .open)
        #expect(store.post("p1")?.likeCount == 70, "a settle comes after the read")
        live.setWanted(false)
        #expect(await live.settle(timeout: .milliseconds(1)), "paused: nothing to wait for")
    }

    @Test func aRefusedStreamRetriesWithOneLinePerKindOfTrouble() async {
        let client = ScriptedStreamClient([
            .init([], end: .fail(.status(code: 503, message: "off"))), .init([], end: .fail(.status(code: 503, message: "off"))),
        ])
        let live = connection(client)
        live.setWanted(true)
        #expect(await eventually(within: .seconds(180)) { client.streams >= 4 && live.state == .retrying })
        #expect(heard.flagsRefreshed >= 2, "a 503 asks the flags at once")
        #expect(heard.warnings.count == 2, "the 503, and the connection the script refuses: \(heard.warnings)")
        live.setWanted(false)
    }

    @Test func everyReconnectIsToldWithItsAttemptAndACappedWait() async {
        let client = ScriptedStreamClient([
            .init([], end: .fail(.status(code: 503, message: "off"))), .init([], end: .fail(.status(code: 503, message: "off"))),
        ])
        let live = connection(client)
        live.setWanted(true)
        #expect(await eventually(within: .seconds(180)) { heard.reconnects.count >= 3 })
        live.setWanted(false)
        #expect(heard.reconnects.prefix(3).map(\.attempt) == [1, 2, 3], "refused connections count up: \(heard.reconnects)")
        #expect(heard.reconnects.allSatisfy { $0.wait <= .milliseconds(40) }, "the backoff's cap")
    }

    @Test func theRowsOnScreenAreRefetchedFirst() async {
        hold([1, 2, 3])
        let client = ScriptedStreamClient([.init(["retry: 1000\n\n"])])
        client.setCounts(["p1": 50, "p2": 60, "p3": 70, "p9": 90])
        var timings = LiveTimings()
        timings.backoff = .milliseconds(10)
        var targets = LiveTargets(
            stores: { [store] }, newestShown: { "p1" }, newPosts: Counter(), relay: relay, refreshFlags: {}, warn: { _ in })
        targets.onScreen = { ["p9", "p3"] }
        let live = LiveConnection(http: client, timings: timings, targets: targets)
        live.setWanted(true)
        #expect(await eventually(within: .seconds(180)) { live.refetches == 1 })
        live.setWanted(false)
        let asked = client.requests.first { $0.path == "/v1/posts/like-counts" }?.query.first { $0.name == "postIds" }?.value
        let ids = asked?.split(separator: ",").map(String.init) ?? []
        #expect(ids.prefix(2) == ["p9", "p3"], "on screen first: \(ids)")
        #expect(Set(ids) == ["p1", "p2", "p3", "p9"], "then every other post held, once")
    }

    @Test(arguments: [false, true])
    func aStreamThatClosesAtOnceBacksOffLikeAFailureAndOnlyAHealthyOneStartsOver(healthy: Bool) async {
        let closing = ScriptedStreamClient.Connection([": hello\n\n"], end: .close)
        let client = ScriptedStreamClient(Array(repeating: closing, count: 4))
        let live = connection(client, healthyAfter: healthy ? .zero : .seconds(10))
        live.setWanted(true)
        #expect(await eventually(within: .seconds(180)) { heard.reconnects.count >= 4 })
        live.setWanted(false)
        let attempts = heard.reconnects.prefix(4).map(\.attempt)
        #expect(attempts == (healthy ? [1, 1, 1, 1] : [1, 2, 3, 4]), "each open-and-close \(healthy ? "starts over" : "counts"): \(attempts)")
        #expect(live.refetches <= 4, "one read of the counts per connection, no more")
    }
}
