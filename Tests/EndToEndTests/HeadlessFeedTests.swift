import EndToEndTesting
import FeedServer
import Foundation
import Testing
import TestingSupport

/// The required feed, end to end: the real `feed` binary over real HTTP to the reference server.
@Suite(.serialized, .heavy) struct HeadlessFeedTests {
    @Test func openSettleStatePrintsRowsFromTheEmbeddedServer() async throws {
        let feed = try FeedProcess(["--headless"])
        let opened = try await feed.send("open")
        #expect(opened["initialLoad"] as? String == "loading")
        let settled = try await feed.send("settle")
        #expect(settled["settled"] as? Bool == true)
        #expect(settled["initialLoad"] as? String == "loaded")
        #expect(settled["pagination"] as? String == "idle")
        let state = try await feed.send("state")
        let rows = Headless.rows(state)
        #expect(rows.count == 20, "pages are 20 posts")
        let first = try #require(rows.first)
        #expect(first["id"] as? String != nil)
        #expect(first["author"] as? String != nil)
        #expect((first["authorID"] as? String)?.isEmpty == false, "what a script names an author by")
        #expect(first["caption"] as? String != nil)
        #expect((first["likes"] as? String)?.hasSuffix("like") == true || (first["likes"] as? String)?.hasSuffix("likes") == true)
        #expect(["liked", "notLiked"].contains(first["heart"] as? String ?? ""))
        #expect((first["aspectRatio"] as? Double ?? 0) > 0)
        // The reference server sends a comment count and a time for every post.
        #expect(rows.allSatisfy { ($0["comments"] as? String)?.wholeMatch(of: /no comments|1 comment|[0-9,]+ comments/) != nil }, "\(rows.map { $0["comments"] ?? "-" })")
        #expect(rows.allSatisfy { ($0["age"] as? String)?.wholeMatch(of: /now|[0-9]+[mhdwy]/) != nil }, "\(rows.map { $0["age"] ?? "-" })")
        #expect(state["message"] is NSNull)
        #expect(state["settled"] == nil, "only settle adds settled")
        feed.write("quit")
        #expect(try await feed.waitForExit() == 0)
        #expect(await feed.remainingOutput().isEmpty, "quit prints nothing")
    }

    @Test(arguments: FlagMode.all)
    func pagesAreTwentyAndRepeatedIDsNeverShowTwice(mode: FlagMode) async throws {
        let server = try TestServer { $0.faults.repeatIDs = 5 }
        let feed = try server.headless(mode)
        _ = try await feed.send("open")
        var state = try await feed.send("settle")
        for _ in 0..<3 {
            let count = Headless.rows(state).count
            _ = try await feed.send("see \(count - 1)")
            state = try await feed.send("settle")
        }
        let ids = Headless.ids(state)
        #expect(ids.count == 20 + 3 * 15)
        #expect(Set(ids).count == ids.count)
        let stats = server.server.stats()
        #expect(stats.count("GET /v1/feed") == 4)
        #expect(try await feed.finish() == 0)
    }

    @Test(arguments: FlagMode.all)
    func onePageRequestPerPageHoweverOftenRowsNearTheEndAppear(mode: FlagMode) async throws {
        let server = try TestServer()
        let feed = try server.headless(mode)
        _ = try await feed.send("open")
        _ = try await feed.send("settle")
        server.server.update { $0.latencyMS = 1_000 }
        for row in [15, 16, 17, 18, 19, 19, 19, 16] {
            let state = try await feed.send("see \(row)")
            // A loaded box may take the whole latency over these commands: the page is in by then.
            #expect(state["pagination"] as? String == "loading" || Headless.rows(state).count == 40, "\(state["pagination"] ?? "nil")")
        }
        let state = try await feed.send("settle")
        #expect(Headless.rows(state).count == 40)
        #expect(server.server.stats().count("GET /v1/feed") == 2)
        #expect(try await feed.finish() == 0)
    }

    @Test(arguments: FlagMode.all)
    func heartsAreUnknownButRowsShownWhenTheLikesReadFails(mode: FlagMode) async throws {
        let server = try TestServer { $0.faults.likesFailRate = 1 }
        let feed = try server.headless(mode)
        _ = try await feed.send("open")
        let state = try await feed.send("settle")
        let rows = Headless.rows(state)
        #expect(rows.count == 20)
        #expect(rows.allSatisfy { $0["heart"] as? String == "unknown" })
        let id = try #require(rows.first?["id"] as? String)
        let tapped = try await feed.send("tap \(id)")
        #expect(Headless.row(tapped, id: id)?["heart"] as? String == "unknown", "an unknown heart is disabled")
        #expect(server.server.stats().count("PUT /v1/posts/{id}/like") == 0)
        #expect(try await feed.finish() == 0)
    }

    @Test(arguments: FlagMode.all)
    func likeUnlikeLikeDuringASlowLikeEndsLikedWithAtMostTwoRequests(mode: FlagMode) async throws {
        // The three taps must fall within the first request: 3 s keeps them there on a loaded 2-core run.
        let server = try TestServer { $0.faults.likeLatencyMS = 3_000 }
        let feed = try server.headless(mode)
        let (_, _, id) = try await Headless.openOnANotLikedPost(feed)
        let liked = try await feed.send("tap \(id)")
        #expect(Headless.row(liked, id: id)?["heart"] as? String == "liked", "the heart flips at once")
        _ = try await feed.send("tap \(id)")
        _ = try await feed.send("tap \(id)")
        let state = try await feed.send("settle")
        #expect(state["settled"] as? Bool == true)
        let truth = try #require(server.server.likeState(of: id))
        #expect(truth.liked)
        #expect(server.server.stats().likeRequests[id, default: 0] <= 2)
        #expect(Headless.row(state, id: id)?["heart"] as? String == "liked")
        #expect(Headless.row(state, id: id)?["likes"] as? String == Headless.likesText(truth.likeCount))
        #expect(try await feed.finish() == 0)
    }

    @Test(arguments: FlagMode.all)
    func aRefreshDuringALikeNeverFlipsThatHeart(mode: FlagMode) async throws {
        let server = try TestServer { $0.faults.likeLatencyMS = 1_500 }
        let feed = try server.headless(mode)
        let (_, _, id) = try await Headless.openOnANotLikedPost(feed)
        _ = try await feed.send("tap \(id)")
        _ = try await feed.send("refresh")
        // Watch every state until the refresh has landed: the heart stays liked throughout.
        var state = try await feed.send("state")
        while state["refreshing"] as? Bool == true {
            #expect(Headless.row(state, id: id)?["heart"] as? String == "liked")
            state = try await feed.send("settle 50")
        }
        #expect(Headless.row(state, id: id)?["heart"] as? String == "liked")
        state = try await feed.send("settle")
        #expect(Headless.row(state, id: id)?["heart"] as? String == "liked")
        #expect(server.server.likeState(of: id)?.liked == true)
        #expect(try await feed.finish() == 0)
    }

    @Test(arguments: FlagMode.all)
    func aRefusedLikeRestoresTheServerStateWithAMessage(mode: FlagMode) async throws {
        let server = try TestServer()
        let feed = try server.headless(mode)
        let (_, row, id) = try await Headless.openOnANotLikedPost(feed)
        server.server.update { $0.refuseLikes = [id] }
        let tapped = try await feed.send("tap \(id)")
        let heart = Headless.row(tapped, id: id)?["heart"] as? String
        if mode.flags.contains("persistent-like-queue") {
            // The answer waits until the tap is on disk; by then the refusal may have come back.
            #expect(heart == "liked" || (heart == "notLiked" && tapped["message"] as? String == "Couldn't like"), "\(tapped)")
        } else {
            #expect(heart == "liked")
        }
        let state = try await feed.send("settle")
        #expect(Headless.row(state, id: id)?["heart"] as? String == "notLiked")
        #expect(Headless.row(state, id: id)?["likes"] as? String == row["likes"] as? String)
        #expect(state["message"] as? String == "Couldn't like")
        #expect(try await feed.finish() == 0)
    }

    @Test(arguments: FlagMode.all)
    func tooManyRequestsWaitsForRetryAfterAndThenLoads(mode: FlagMode) async throws {
        let server = try TestServer { $0.faults.rateLimit = 1 }
        let feed = try server.headless(mode)
        _ = try await feed.send("open")
        let state = try await feed.send("settle 20000")
        #expect(state["initialLoad"] as? String == "loaded")
        #expect(Headless.rows(state).count == 20)
        #expect(server.server.stats().statuses[429, default: 0] >= 1)
        #expect(try await feed.finish() == 0)
    }

    @Test(arguments: FlagMode.all)
    func aPageInFlightBeforeARefreshNeverAppendsAfterIt(mode: FlagMode) async throws {
        let server = try TestServer()
        let feed = try server.headless(mode)
        _ = try await feed.send("open")
        _ = try await feed.send("settle")
        server.server.update { $0.latencyMS = 600 }
        let loading = try await feed.send("see 19")
        #expect(loading["pagination"] as? String == "loading")
        // Page 2 has reached the server (and waits out its latency) before the refresh starts.
        try await server.waitForRequests("GET /v1/feed", count: 2)
        _ = try await feed.send("refresh")
        let state = try await feed.send("settle")
        // The refresh started a new session: only its first page is shown, never the older page 2.
        #expect(Headless.ids(state).count == 20)
        #expect(state["pagination"] as? String == "idle")
        let stats = server.server.stats()
        #expect(stats.count("GET /v1/feed") == 3)
        #expect(stats.feedCursors.last == .some(nil), "the refresh asked for a first page")
        #expect(try await feed.finish() == 0)
    }

    @Test(arguments: FlagMode.all)
    func aFailedRefreshKeepsTheRowsAndSaysSo(mode: FlagMode) async throws {
        let server = try TestServer()
        let feed = try server.headless(mode)
        _ = try await feed.send("open")
        let first = try await feed.send("settle")
        server.server.update { $0.failRate = 1 }
        _ = try await feed.send("refresh")
        let state = try await feed.send("settle")
        #expect(Headless.ids(state) == Headless.ids(first))
        #expect(state["initialLoad"] as? String == "loaded")
        let message = try #require(state["message"] as? String)
        #expect(message.hasPrefix("Couldn't refresh: the server answered 5"))
        #expect(try await feed.finish() == 0)
    }
}
