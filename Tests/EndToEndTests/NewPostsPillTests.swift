import EndToEndTesting
import FeedServer
import Foundation
import Testing
import TestingSupport

/// `new-posts-pill` end to end: newer posts show as a pill, never under the reader, until taken;
/// and the server can switch the follow-up off while the app runs.
@Suite(.heavy) struct NewPostsPillTests {
    /// Sends `state` until `condition` holds, for at most `timeout`.
    private static func state(_ feed: FeedProcess, until condition: ([String: Any]) -> Bool, timeout: Duration = .seconds(20)) async throws -> [String: Any] {
        let deadline = ContinuousClock.now + timeout
        while true {
            let state = try await feed.send("state")
            if condition(state) { return state }
            guard ContinuousClock.now < deadline else { throw FeedProcessError.timedOut("the state never matched: \(state)") }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    private static func pill(_ state: [String: Any]) -> Int? { (state["pill"] as? [String: Any])?["count"] as? Int }

    @Test(arguments: [FlagMode.newPostsPill, .everything])
    func aPillShowsNewerPostsWithoutMovingARowAndTakingItPutsThemFirst(mode: FlagMode) async throws {
        let server = try TestServer()
        let feed = try server.headless(mode, ["--poll-interval", "1000"])
        _ = try await feed.send("open")
        let first = try await feed.send("settle")
        let before = Headless.ids(first)
        #expect(first["pill"] is NSNull)
        let published = server.server.publishNewPosts(3)
        let withPill = try await Self.state(feed) { Self.pill($0) == 3 }
        #expect(Headless.ids(withPill) == before, "the rows never change for the pill")
        let taken = try await feed.send("pill")
        #expect(taken["pill"] is NSNull)
        let refreshed = try await feed.send("settle")
        let ids = Headless.ids(refreshed)
        #expect(Array(ids.prefix(3)) == published.reversed() || Set(ids.prefix(3)) == Set(published), "the new posts come first")
        #expect(Set(ids).count == ids.count, "no duplicates")
        #expect(try await feed.finish() == 0)
    }

    @Test func noPollWhileHiddenAndTheFlagOffMeansNoPolls() async throws {
        let server = try TestServer()
        let feed = try server.headless(.newPostsPill, ["--poll-interval", "1000"])
        _ = try await feed.send("open")
        _ = try await feed.send("settle")
        try await server.waitForRequests("GET /v1/feed/new-count", count: 1)
        _ = try await feed.send("hide")
        let hidden = server.server.stats().count("GET /v1/feed/new-count")
        try await Task.sleep(for: .milliseconds(2_500))
        #expect(server.server.stats().count("GET /v1/feed/new-count") <= hidden + 1, "at most a poll already under way")
        _ = try await feed.send("show")
        try await server.waitForRequests("GET /v1/feed/new-count", count: hidden + 2)
        #expect(try await feed.finish() == 0)

        let off = try TestServer()
        let plain = try off.headless(.off, ["--poll-interval", "1000"])
        _ = try await plain.send("open")
        _ = try await plain.send("settle")
        try await Task.sleep(for: .milliseconds(1_500))
        #expect(off.server.stats().count("GET /v1/feed/new-count") == 0)
        #expect(try await plain.send("pill")["error"] != nil)
        #expect(try await plain.finish() == 0)
    }

    @Test func theServerSwitchingThePillOffStopsThePollsWithinOneFlagsInterval() async throws {
        let server = try TestServer { $0.faults.flags = ["new-posts-pill": true] }
        let feed = try server.headless(.newPostsPill, ["--poll-interval", "1000", "--flags-interval", "1000"])
        _ = try await feed.send("open")
        _ = try await feed.send("settle")
        try await server.waitForRequests("GET /v1/feed/new-count", count: 1)
        server.server.update { $0.flags["new-posts-pill"] = false }
        // Within one flags interval (plus a poll already under way), the polls stop for good.
        try await server.waitForRequests("GET /v1/flags", count: server.server.stats().count("GET /v1/flags") + 1)
        try await Task.sleep(for: .milliseconds(1_200))
        let stopped = server.server.stats().count("GET /v1/feed/new-count")
        try await Task.sleep(for: .milliseconds(3_000))
        #expect(server.server.stats().count("GET /v1/feed/new-count") == stopped, "no poll after the switch")
        let state = try await feed.send("state")
        #expect(state["pill"] is NSNull)
        #expect(try await feed.finish() == 0)
        #expect(await feed.errorOutput().contains("feed: the server switched new-posts-pill off"))
    }
}

extension FlagMode {
    /// `new-posts-pill` alone: the follow-up these tests are about names its own key.
    static let newPostsPill = FlagMode.only("new-posts-pill")
}
