import EndToEndTesting
import FeedServer
import Foundation
import MastodonTesting
import Testing
import TestingSupport

/// `feed --api mastodon` end to end: the built `feed`, headless, against a Mastodon-API server on
/// loopback (`FakeMastodonServer`): rows from the timeline, favourites, paging by `Link`, the
/// token sent only as asked, and `--api auto` saying what it found.
@Suite(.heavy) struct MastodonEndToEndTests {
    private static func feed(_ server: FakeMastodonServer, _ arguments: [String], token: String? = "secret-token") throws -> FeedProcess {
        try FeedProcess(
            ["--headless", "--server", server.baseURL.absoluteString, "--photos", "off", "--data-dir", TemporaryDirectory.make().path] + arguments,
            environment: token.map { ["FEED_TOKEN": $0] } ?? [:])
    }

    @Test func theHomeTimelineShowsItsPhotoStatusesAndAFavouriteIsSentWithTheToken() async throws {
        let server = try FakeMastodonServer(count: 50)
        defer { server.stop() }
        let feed = try Self.feed(server, ["--api", "mastodon"])
        _ = try await feed.send("open")
        let state = try await feed.send("settle")
        let rows = Headless.rows(state)
        try #require(rows.count >= 20, "\(state)")
        #expect(Headless.ids(state).prefix(3) == ["50", "49", "48"])
        let first = try #require(rows.first)
        #expect(first["author"] as? String == "User 0")
        #expect(first["caption"] as? String == "Photo number 50 & friends")
        #expect(server.seen.first { $0.path == "/api/v1/timelines/home" }?.bearer == "secret-token")
        _ = try await feed.send("tap 50")
        let settled = try await feed.send("settle")
        #expect(server.isFavourited(50))
        #expect(Headless.row(settled, id: "50")?["heart"] as? String == "liked")
        #expect(Headless.row(settled, id: "50")?["likes"] as? String == Headless.likesText(2), "50 % 7 + 1: the count from the reply")
        #expect(server.seen.contains { $0.method == "POST" && $0.path == "/api/v1/statuses/50/favourite" && $0.bearer == "secret-token" })
        // Scrolling on pages by the Link header's max_id.
        _ = try await feed.send("see \(rows.count - 1)")
        let paged = try await feed.send("settle")
        #expect(Headless.rows(paged).count > rows.count)
        #expect(server.seen.contains { $0.path == "/api/v1/timelines/home" && $0.query["max_id"] == "31" })
        #expect(try await feed.finish() == 0)
    }

    @Test func aProfileShowsTheAuthorsStatusesWithMediaAndThePillCountsNewerStatuses() async throws {
        let server = try FakeMastodonServer(count: 30)
        defer { server.stop() }
        let feed = try Self.feed(server, ["--api", "mastodon", "--enable", "shared-post-store", "--enable", "new-posts-pill", "--poll-interval", "1000"])
        _ = try await feed.send("open")
        _ = try await feed.send("settle")
        server.publish(3)
        var pill: Int?
        let deadline = ContinuousClock.now + .seconds(30)
        while pill != 3, ContinuousClock.now < deadline {
            pill = (try await feed.send("state")["pill"] as? [String: Any])?["count"] as? Int
        }
        #expect(pill == 3, "the pill counts the statuses newer than the first row (min_id)")
        #expect(server.seen.contains { $0.path == "/api/v1/timelines/home" && $0.query["min_id"] == "30" })
        _ = try await feed.send("profile 30")
        let profile = try await feed.send("settle")
        #expect(profile["screen"] as? String == "profile")
        let grid = try #require(profile["profile"] as? [String: Any], "\(profile)")
        #expect(Headless.ids(grid).prefix(3) == ["30", "25", "20"], "the author's statuses only")
        #expect(server.seen.contains { $0.path == "/api/v1/accounts/0/statuses" && $0.query["only_media"] == "true" })
        #expect(try await feed.finish() == 0)
    }

    @Test func withoutATokenThePublicTimelineIsReadAndNoTokenIsSent() async throws {
        let server = try FakeMastodonServer(count: 10)
        defer { server.stop() }
        let feed = try Self.feed(server, ["--api", "mastodon"], token: nil)
        _ = try await feed.send("open")
        let state = try await feed.send("settle")
        #expect(Headless.ids(state).first == "10")
        #expect(server.seen.contains { $0.path == "/api/v1/timelines/public" })
        #expect(server.seen.allSatisfy { $0.bearer == nil })
        #expect(try await feed.finish() == 0)
    }

    @Test func theHomeTimelineWithoutATokenSaysHowToSignIn() async throws {
        let server = try FakeMastodonServer(count: 3)
        defer { server.stop() }
        let feed = try Self.feed(server, ["--api", "mastodon", "--timeline", "home"], token: nil)
        #expect(try await feed.waitForExit() == 1)
        let errors = await feed.errorOutput()
        #expect(errors == ["feed: the home timeline is a signed-in user's: run `feed login --server \(server.baseURL.absoluteString) --api mastodon` or set FEED_TOKEN, or read --timeline public, local or tag:NAME"], "\(errors)")
        #expect(server.seen.isEmpty, "nothing is asked of the server")
    }

    @Test func autoAsksTheInstanceAndSaysWhatItFound() async throws {
        let server = try FakeMastodonServer(count: 5)
        defer { server.stop() }
        let feed = try Self.feed(server, ["--api", "auto", "--timeline", "local"], token: nil)
        _ = try await feed.send("open")
        let state = try await feed.send("settle")
        #expect(Headless.ids(state).first == "5")
        #expect(server.seen.first?.path == "/api/v1/instance")
        #expect(server.seen.contains { $0.path == "/api/v1/timelines/public" && $0.query["local"] == "true" })
        #expect(try await feed.finish() == 0)
        let errors = await feed.errorOutput()
        #expect(errors.contains { $0.contains("speaks the Mastodon API (Fake, version 4.7.3)") }, "\(errors)")
        // FEED_TOKEN is never sent to a server that merely answered the question.
        let other = try FakeMastodonServer(count: 5)
        defer { other.stop() }
        let guessing = try Self.feed(other, ["--api", "auto"], token: "secret-token")
        _ = try await guessing.send("open")
        _ = try await guessing.send("settle")
        #expect(try await guessing.finish() == 0)
        #expect(other.seen.allSatisfy { $0.bearer == nil }, "\(other.seen.compactMap(\.bearer))")
    }

    /// The state once `condition` holds, asking again (each ask waits up to 300 ms for work to settle) until `timeout`.
    private static func state(
        of feed: FeedProcess, timeout: Duration = .seconds(20), until condition: ([String: Any]) -> Bool
    ) async throws -> [String: Any] {
        let deadline = ContinuousClock.now + timeout
        while true {
            let state = try await feed.send("settle 300")
            if condition(state) { return state }
            guard ContinuousClock.now < deadline else {
                Issue.record("not reached in \(timeout): \(Headless.ids(state).prefix(30))")
                return state
            }
        }
    }

    @Test func liveUpdatesStreamTheMastodonAPIHeartsInPlaceNewStatusesToThePillDeletionsNeverUnderTheReader() async throws {
        let server = try FakeMastodonServer(count: 60)
        defer { server.stop() }
        let feed = try Self.feed(server, ["--api", "mastodon", "--enable", "live-updates", "--enable", "new-posts-pill"])
        _ = try await feed.send("open")
        let opened = try await Self.state(of: feed) { $0["live"] as? String == "open" }
        #expect(Headless.ids(opened).first == "60")
        #expect(server.seen.contains { $0.path == "/api/v1/streaming/user" && $0.bearer == "secret-token" }, "the home timeline's stream, signed in")
        // Another account favourites 59: its count changes in place.
        server.favouriteByOthers(59)
        _ = try await Self.state(of: feed) { Headless.row($0, id: "59")?["likes"] as? String == Headless.likesText(59 % 7 + 1) }
        // Two new statuses: the pill counts them (by min_id, from the first row).
        server.publish(2)
        let pill = try await Self.state(of: feed) { ($0["pill"] as? [String: Any])?["count"] as? Int == 2 }
        #expect(Headless.ids(pill).first == "60", "the rows stay until the reader asks")
        // The reader is at row 30: a deletion above it leaves at once; the one under it stays until the reader moves on.
        _ = try await feed.send("see 19")
        _ = try await Self.state(of: feed) { Headless.rows($0).count >= 40 }
        _ = try await feed.send("see 25")
        let paged = try await feed.send("settle")
        let underReader = try #require(Headless.ids(paged).dropFirst(25).first)
        server.delete(58)
        server.delete(Int(underReader) ?? 0)
        let dropped = try await Self.state(of: feed) { !Headless.ids($0).contains("58") }
        #expect(Headless.ids(dropped).contains(underReader), "never from under the reader")
        _ = try await feed.send("see \(Headless.rows(dropped).count - 1)")
        _ = try await Self.state(of: feed) { !Headless.ids($0).contains(underReader) }
        #expect(try await feed.finish() == 0)
        let errors = await feed.errorOutput()
        #expect(!errors.contains { $0.contains("live") }, "\(errors)")
        #expect(!server.seen.contains { $0.path.hasPrefix("/v1/") }, "nothing of the feed API is asked")
    }

    @Test func textStatusesAreTextRowsOnlyPhotosLeavesThemOutAndNotesShow() async throws {
        let server = try FakeMastodonServer(count: 40, mixed: true)
        defer { server.stop() }
        let feed = try Self.feed(server, ["--api", "mastodon", "--timeline", "public"])
        _ = try await feed.send("open")
        let state = try await feed.send("settle")
        #expect(Headless.row(state, id: "35")?["photo"] as? String == "text")
        #expect(Headless.row(state, id: "38")?["contentWarning"] as? String == "Warning 38")
        #expect(Headless.row(state, id: "39")?["sensitive"] as? Bool == true)
        #expect(Headless.row(state, id: "40")?["sensitive"] == nil && Headless.row(state, id: "40")?["contentWarning"] == nil)
        #expect(try await feed.finish() == 0)
        let photos = try Self.feed(server, ["--api", "mastodon", "--timeline", "public", "--only-photos"])
        _ = try await photos.send("open")
        let only = try await photos.send("settle")
        #expect(!Headless.ids(only).contains("35") && !Headless.ids(only).contains("28") && Headless.ids(only).contains("36"))
        #expect(Headless.rows(only).allSatisfy { $0["photo"] as? String != "text" })
        #expect(try await photos.finish() == 0)
    }

    @Test func savedPagesKeepTextRowsBoostsWarningsAndSensitivePhotosForTheNextStartOffline() async throws {
        let server = try FakeMastodonServer(count: 40, mixed: true)
        let data = try TemporaryDirectory()
        let arguments = ["--headless", "--api", "mastodon", "--timeline", "public", "--photos", "off", "--enable", "offline-pages"]
        let first = try FeedProcess(arguments + ["--server", server.baseURL.absoluteString, "--data-dir", data.url.path])
        _ = try await first.send("open")
        let online = try await first.send("settle")
        #expect(try await first.finish() == 0)
        let address = server.baseURL.absoluteString
        server.stop()
        // The server is gone: the next start shows what was saved, each row as it was.
        let second = try FeedProcess(arguments + ["--server", address, "--data-dir", data.url.path])
        _ = try await second.send("open")
        let offline = try await second.send("settle")
        #expect(try await second.finish() == 0)
        #expect(Headless.ids(offline) == Headless.ids(online) && !Headless.ids(offline).isEmpty)
        #expect(Headless.row(offline, id: "35")?["photo"] as? String == "text")
        #expect(Headless.row(offline, id: "38")?["contentWarning"] as? String == "Warning 38")
        #expect(Headless.row(offline, id: "39")?["sensitive"] as? Bool == true)
    }

    @Test func loginKeepsTheTokenPrivateTheFeedUsesItAndLogoutRevokesAndDeletesIt() async throws {
        let server = try FakeMastodonServer(count: 10)
        defer { server.stop() }
        let config = try TemporaryDirectory()
        let environment = ["XDG_CONFIG_HOME": config.url.path]
        let login = try FeedProcess(["login", "--server", server.baseURL.absoluteString, "--api", "mastodon"], environment: environment)
        guard let address = try? await login.nextOutputLine() else {
            Issue.record("no address: \(await login.errorOutput())")
            return
        }
        #expect(address.hasPrefix(server.baseURL.absoluteString + "/oauth/authorize?client_id=cid"), "\(address)")
        #expect(address.contains("redirect_uri=urn:ietf:wg:oauth:2.0:oob"))
        login.write(FakeMastodonServer.code)
        #expect(try await login.waitForExit() == 0)
        let said = await login.errorOutput()
        #expect(!said.joined().contains(FakeMastodonServer.issuedToken), "the token is never printed")
        let folder = config.url.appendingPathComponent("feed/signins")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.count == 1)
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(files[0]).path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)

        let feed = try FeedProcess(
            ["--headless", "--server", server.baseURL.absoluteString, "--api", "mastodon", "--photos", "off", "--data-dir", config.file("data").path],
            environment: environment)
        _ = try await feed.send("open")
        let state = try await feed.send("settle")
        #expect(Headless.ids(state).first == "10")
        #expect(server.seen.contains { $0.path == "/api/v1/timelines/home" && $0.bearer == FakeMastodonServer.issuedToken }, "home with the stored token")
        #expect(try await feed.finish() == 0)

        let logout = try FeedProcess(["logout", "--server", server.baseURL.absoluteString, "--data-dir", config.file("data").path], environment: environment)
        #expect(try await logout.waitForExit() == 0)
        #expect(server.revoked == [FakeMastodonServer.issuedToken])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func signingInToTheReferenceServersMastodonDialectWorksWithNoNetwork() async throws {
        let server = try TestServer()
        let config = try TemporaryDirectory()
        let environment = ["XDG_CONFIG_HOME": config.url.path]
        let login = try FeedProcess(["login", "--server", server.url, "--api", "mastodon"], environment: environment)
        guard let address = try? await login.nextOutputLine() else {
            Issue.record("no address: \(await login.errorOutput())")
            return
        }
        #expect(address.hasPrefix(server.url + "/oauth/authorize?client_id=reference-client"))
        login.write("any-code")
        #expect(try await login.waitForExit() == 0)
        let feed = try FeedProcess(["--headless", "--server", server.url, "--api", "mastodon", "--data-dir", config.file("data").path], environment: environment)
        _ = try await feed.send("open")
        #expect(!Headless.rows(try await feed.send("settle")).isEmpty)
        #expect(try await feed.finish() == 0)
        let logout = try FeedProcess(["logout", "--server", server.url, "--data-dir", config.file("data").path], environment: environment)
        #expect(try await logout.waitForExit() == 0)
        try await server.waitForRequests("POST /oauth/revoke", count: 1)
    }

    @Test func aWrongCodeFailsWithOneLineAndKeepsNothing() async throws {
        let server = try FakeMastodonServer(count: 3)
        defer { server.stop() }
        let config = try TemporaryDirectory()
        let login = try FeedProcess(["login", "--server", server.baseURL.absoluteString, "--api", "mastodon"], environment: ["XDG_CONFIG_HOME": config.url.path])
        _ = try await login.nextOutputLine()
        login.write("wrong-code")
        #expect(try await login.waitForExit() == 1)
        let errors = await login.errorOutput()
        #expect(errors.last?.hasPrefix("feed: could not sign in to \(server.baseURL.absoluteString): ") == true, "\(errors)")
        let kept = (try? FileManager.default.contentsOfDirectory(atPath: config.url.appendingPathComponent("feed/signins").path)) ?? []
        #expect(kept.isEmpty, "nothing is kept after a refused code")
    }

    @Test func savedPagesOfTheTwoAPIsNeverMixAndLogoutDeletesBoth() async throws {
        let data = try TemporaryDirectory()
        let common = ["--headless", "--enable", "offline-pages", "--fresh-for", "0", "--data-dir", data.url.path]
        let feedAPI = try FeedProcess(common)
        _ = try await feedAPI.send("open")
        let fed = try await feedAPI.send("settle")
        #expect(Headless.ids(fed).first?.hasPrefix("p") == true)
        #expect(try await feedAPI.finish() == 0)
        let mastodon = try FeedProcess(common + ["--api", "mastodon"])
        let opened = try await mastodon.send("open")
        #expect(Headless.ids(opened).allSatisfy { Int($0) != nil }, "no saved row of the feed API: \(Headless.ids(opened).prefix(3))")
        let settled = try await mastodon.send("settle")
        #expect(Headless.ids(settled).first.flatMap { Int($0) } != nil)
        #expect(try await mastodon.finish() == 0)
        let saved = try FileManager.default.contentsOfDirectory(atPath: data.url.path).filter { $0.hasPrefix("feed-") && $0.hasSuffix(".sqlite") }
        #expect(saved.count == 2, "one saved feed per API: \(saved)")
        let logout = try FeedProcess(["logout", "--data-dir", data.url.path])
        #expect(try await logout.waitForExit() == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: data.url.path).filter { $0.hasPrefix("feed-") && $0.hasSuffix(".sqlite") }
        #expect(left.isEmpty, "logout deletes both: \(left)")
    }

    @Test func statsShowsTheTelemetryOfEachAPIApart() async throws {
        let data = try TemporaryDirectory()
        for api in [[], ["--api", "mastodon"]] {
            let feed = try FeedProcess(["--headless", "--telemetry", "local", "--data-dir", data.url.path] + api)
            _ = try await feed.send("open")
            _ = try await feed.send("settle")
            #expect(try await feed.finish() == 0)
        }
        let stats = try FeedProcess(["stats", "--json", "--data-dir", data.url.path])
        #expect(try await stats.waitForExit() == 0)
        let text = await stats.remainingOutput().joined()
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], "\(text)")
        #expect(reports.compactMap { $0["server"] as? String } == ["the embedded server", "the embedded server (Mastodon API)"])
    }

    @Test func theEmbeddedReferenceServerSpeaksMastodonTooAndATimelineNeedsTheMastodonAPI() async throws {
        let embedded = try FeedProcess(["--api", "mastodon", "--headless", "--data-dir", TemporaryDirectory.make().path])
        _ = try await embedded.send("open")
        let state = try await embedded.send("settle")
        let rows = Headless.rows(state)
        try #require(rows.count >= 10, "\(state)")
        let id = try #require(rows.first?["id"] as? String)
        #expect(Int(id) != nil, "status ids of the Mastodon dialect: \(id)")
        let liked = rows.first?["heart"] as? String == "liked"
        _ = try await embedded.send("tap \(id)")
        let after = try await embedded.send("settle")
        #expect(Headless.row(after, id: id)?["heart"] as? String == (liked ? "notLiked" : "liked"))
        #expect(try await embedded.finish() == 0)
        let timeline = try FeedProcess(["--timeline", "public", "--headless"])
        #expect(try await timeline.waitForExit() == 2)
        #expect(await timeline.errorOutput().first?.contains("--timeline needs --api mastodon") == true)
    }

}
