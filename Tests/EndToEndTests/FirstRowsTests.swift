import EndToEndTesting
import FeedServer
import Foundation
import Testing
import TestingSupport

/// First rows after one round trip, end to end: on a slow server the rows show as soon as the
/// posts answer, hearts "checking" while the likes read is still out; and hearts never lie in the
/// plain frame.
@Suite(.serialized, .heavy) struct FirstRowsTests {
    /// The first state with rows, asking every 100 ms; `nil` after 30 s.
    private func firstStateWithRows(_ feed: FeedProcess) async throws -> [String: Any]? {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            let state = try await feed.send("settle 100")
            if !Headless.rows(state).isEmpty { return state }
        }
        return nil
    }

    @Test(arguments: [FlagMode.off, FlagMode.everything])
    func rowsShowBeforeTheLikesReadAnswersWithCheckingHearts(mode: FlagMode) async throws {
        // Every request takes 1.5 s, and the likes read (asked once the posts answered) waits
        // until the test lets it go: the rows show while it is out.
        let server = try TestServer {
            $0.faults.latencyMS = 1_500
            $0.faults.holdLikesReads = true
        }
        // A loaded box may take longer than the 10 s request timeout between the rows and the tap:
        // the held likes read must not time out before the test lets it go.
        let feed = try server.headless(mode, ["--request-timeout", "120000"])
        _ = try await feed.send("open")
        let first = try #require(try await firstStateWithRows(feed))
        let rows = Headless.rows(first)
        #expect(rows.count == 20)
        #expect(
            rows.allSatisfy { $0["heart"] as? String == "checking" },
            "\(rows.map { $0["heart"] ?? "" }); likes reads \(server.server.stats().count("GET /v1/likes")); \(first)")
        #expect(first["initialLoad"] as? String == "loaded")
        // A tap on a checking heart is refused: nothing is sent.
        let id = try #require(rows.first?["id"] as? String)
        let tapped = try await feed.send("tap \(id)")
        #expect(Headless.row(tapped, id: id)?["heart"] as? String == "checking")
        server.server.update { $0.holdLikesReads = false }
        let settled = try await feed.send("settle 40000", timeout: .seconds(60))
        #expect(settled["settled"] as? Bool == true)
        let hearts = Headless.rows(settled).compactMap { $0["heart"] as? String }
        #expect(hearts.count == 20 && hearts.allSatisfy { $0 == "liked" || $0 == "notLiked" }, "\(hearts)")
        for row in Headless.rows(settled) {
            let id = try #require(row["id"] as? String)
            #expect((row["heart"] as? String == "liked") == server.server.likeState(of: id)?.liked, "\(id)")
        }
        let stats = server.server.stats()
        #expect(stats.count("GET /v1/likes") >= 1)
        #expect(stats.count("PUT /v1/posts/{id}/like") == 0, "the tap on a checking heart sent nothing")
        #expect(try await feed.finish() == 0)
    }

    @Test func aFailedLikesReadEndsUnknownAfterChecking() async throws {
        let server = try TestServer {
            $0.faults.latencyMS = 1_000
            $0.faults.holdLikesReads = true
            $0.faults.likesFailRate = 1
        }
        let feed = try server.headless()
        _ = try await feed.send("open")
        let first = try #require(try await firstStateWithRows(feed))
        #expect(Headless.rows(first).allSatisfy { $0["heart"] as? String == "checking" })
        server.server.update { $0.holdLikesReads = false }
        let settled = try await feed.send("settle 40000", timeout: .seconds(60))
        #expect(Headless.rows(settled).allSatisfy { $0["heart"] as? String == "unknown" })
        #expect(try await feed.finish() == 0)
    }

    @Test(arguments: [(false, "?", "♡"), (true, "[??]", "[  ]")])
    func thePlainFrameDrawsAnUnknownHeartApartFromANotLikedOne(ascii: Bool, unknown: String, notLiked: String) async throws {
        let server = try TestServer { $0.faults.likesFailRate = 1 }
        let feed = try FeedProcess(["--server", server.url] + (ascii ? ["--ascii"] : []))
        #expect(try await feed.waitForExit() == 0)
        let output = await feed.remainingOutput()
        let hearts = output.filter { $0.range(of: #"\d likes?( [·-] |$)"#, options: .regularExpression) != nil }
        #expect(hearts.count == 20, "\(output)")
        #expect(hearts.allSatisfy { $0.hasPrefix("  \(unknown) ") }, "\(hearts)")
        #expect(!hearts.contains { $0.hasPrefix("  \(notLiked) ") })
    }

    @Test func thePlainFrameOfflineSaysOfflineAndTheSavedAgeNotTheError() async throws {
        let server = try TestServer()
        let dataDir = TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dataDir) }
        // --fresh-for 0: the saved feed is never trusted without a refresh, so the relaunch tries one.
        let arguments = ["--server", server.url, "--enable", "offline-pages", "--data-dir", dataDir.path, "--fresh-for", "0"]
        let fill = try FeedProcess(["--headless"] + arguments)
        _ = try await fill.send("open")
        _ = try await fill.send("settle")
        #expect(try await fill.finish() == 0)
        server.server.stop()
        let feed = try FeedProcess(arguments)
        #expect(try await feed.waitForExit() == 0)
        let output = await feed.remainingOutput()
        let title = try #require(output.first)
        #expect(title.contains("Offline · Updated just now"), "\(title)")
        #expect(!output.joined().contains("Couldn't refresh"))
        #expect(output.filter { $0.hasPrefix("  @") }.count == 20, "the saved rows")
    }
}
