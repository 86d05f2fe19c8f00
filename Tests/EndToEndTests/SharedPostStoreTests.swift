import EndToEndTesting
import FeedServer
import Foundation
import Testing
import TestingSupport

/// `shared-post-store` end to end: the author's profile is a second screen over the same posts.
@Suite(.heavy) struct SharedPostStoreTests {
    private static func profileRows(_ state: [String: Any]) -> [[String: Any]] {
        (state["profile"] as? [String: Any]).map(Headless.rows) ?? []
    }

    private static func heart(_ rows: [[String: Any]], _ id: String) -> String? {
        rows.first { $0["id"] as? String == id }?["heart"] as? String
    }

    /// Opens the feed, then the profile of the author of the first not-liked post; returns its ID.
    private static func openProfile(_ feed: FeedProcess) async throws -> (id: String, state: [String: Any]) {
        let (_, _, id) = try await Headless.openOnANotLikedPost(feed)
        let opened = try await feed.send("profile \(id)")
        #expect(opened["screen"] as? String == "profile")
        let state = try await feed.send("settle")
        #expect(profileRows(state).contains { $0["id"] as? String == id }, "the author's posts include the post")
        return (id, state)
    }

    @Test(arguments: [FlagMode.sharedPostStore, .everything])
    func aPostLikedInTheProfileShowsLikedInTheFeedAtOnceAndBothMatchTheServer(mode: FlagMode) async throws {
        let server = try TestServer { $0.faults.likeLatencyMS = 300 }
        let feed = try server.headless(mode)
        let (id, opened) = try await Self.openProfile(feed)
        let author = (opened["profile"] as? [String: Any])?["author"] as? [String: Any]
        #expect(author?["id"] as? String != nil && author?["name"] as? String != nil)
        let tapped = try await feed.send("tap \(id)")
        #expect(Self.heart(Self.profileRows(tapped), id) == "liked")
        #expect(Self.heart(Headless.rows(tapped), id) == "liked", "the feed's row changed at once, before the server answered")
        let back = try await feed.send("back")
        #expect(back["screen"] as? String == "feed")
        #expect(back["profile"] == nil)
        let settled = try await feed.send("settle")
        let truth = try #require(server.server.likeState(of: id))
        #expect(truth.liked)
        #expect(Headless.row(settled, id: id)?["likes"] as? String == Headless.likesText(truth.likeCount))
        #expect(try await feed.finish() == 0)
    }

    @Test func tenFastTapsSplitBetweenTheScreensSendAtMostTwoRequests() async throws {
        // The ten taps must fall within the first request: 6 s keeps them there on a loaded 2-core run.
        let server = try TestServer { $0.faults.likeLatencyMS = 6_000 }
        let feed = try server.headless(.sharedPostStore)
        let (id, _) = try await Self.openProfile(feed)
        for _ in 0..<5 { _ = try await feed.send("tap \(id)") }
        _ = try await feed.send("back")
        for _ in 0..<5 { _ = try await feed.send("tap \(id)") }
        let settled = try await feed.send("settle 30000", timeout: .seconds(40))
        #expect(settled["settled"] as? Bool == true)
        #expect(server.server.stats().likeRequests[id, default: 0] <= 2)
        let truth = try #require(server.server.likeState(of: id))
        #expect(!truth.liked, "ten taps end where they began")
        #expect(Headless.row(settled, id: id)?["heart"] as? String == "notLiked")
        #expect(try await feed.finish() == 0)
    }

    @Test func aFeedRefreshDuringALikeStartedInTheProfileKeepsTheHeart() async throws {
        let server = try TestServer { $0.faults.likeLatencyMS = 800 }
        let feed = try server.headless(.sharedPostStore)
        let (id, _) = try await Self.openProfile(feed)
        _ = try await feed.send("tap \(id)")
        _ = try await feed.send("back")
        _ = try await feed.send("refresh")
        // The refresh's page predates the like's answer and says "not liked": the heart must hold.
        try await server.waitForRequests("GET /v1/feed", count: 2)
        let during = try await feed.send("state")
        #expect(Headless.row(during, id: id)?["heart"] as? String == "liked")
        let settled = try await feed.send("settle")
        #expect(Headless.row(settled, id: id)?["heart"] as? String == "liked")
        #expect(server.server.likeState(of: id)?.liked == true)
        #expect(try await feed.finish() == 0)
    }

    @Test func theLikesReadFailingInTheProfileLeavesItsHeartsUnknownAndTheFeedsSettledOnes() async throws {
        let server = try TestServer()
        let feed = try server.headless(.sharedPostStore)
        let (id, _) = try await Self.openProfile(feed)
        _ = try await feed.send("back")
        _ = try await feed.send("tap \(id)")
        let settledFeed = try await feed.send("settle")
        #expect(Headless.row(settledFeed, id: id)?["heart"] as? String == "liked")
        server.server.update { $0.likesFailRate = 1 }
        _ = try await feed.send("profile \(id)")
        let profile = try await feed.send("settle")
        let rows = Self.profileRows(profile)
        let others = rows.filter { $0["id"] as? String != id }
        #expect(!others.isEmpty && others.allSatisfy { $0["heart"] as? String == "unknown" }, "a failed likes read is unknown, never 'not liked'")
        #expect(Self.heart(rows, id) == "liked", "a settled heart is kept over an unknown page")
        #expect(Headless.row(profile, id: id)?["heart"] as? String == "liked", "the feed's settled heart is untouched")
        #expect(try await feed.finish() == 0)
    }

    @Test func withTheFlagOffProfileIsAnErrorNamingTheFlagAndTheSessionIsTodays() async throws {
        let server = try TestServer()
        let feed = try server.headless(.off)
        let (_, _, id) = try await Headless.openOnANotLikedPost(feed)
        let answer = try await feed.send("profile \(id)")
        let error = try #require(answer["error"] as? String)
        #expect(error.contains("shared-post-store"))
        _ = try await feed.send("tap \(id)")
        let settled = try await feed.send("settle")
        #expect(settled["screen"] as? String == "feed")
        #expect(settled["profile"] == nil)
        #expect(Headless.row(settled, id: id)?["heart"] as? String == "liked")
        let stats = server.server.stats()
        #expect(stats.count("GET /v1/users/{id}/posts") == 0)
        #expect(stats.count("GET /v1/feed") == 1 && stats.likeRequests[id] == 1)
        #expect(try await feed.finish() == 0)
    }
}

extension FlagMode {
    /// `shared-post-store` alone: the follow-up these tests are about names its own key.
    static let sharedPostStore = FlagMode.only("shared-post-store")
}
