import EndToEndTesting
import FeedServer
import Foundation
import Synchronization
import Testing
import TestingSupport

/// `live-updates` end to end: one `GET /v1/live` stream while the app is shown, counts changing in
/// place with no command, a server restart survived (retrying, then open, with a count changed
/// meanwhile read again), `hide`/`show` closing and reopening it, and no stream with the flag off.
@Suite(.heavy) struct LiveUpdatesTests {
    /// A reference server that logs its requests into `lines`, stopped when the test ends.
    final class LoggedServer: @unchecked Sendable {
        let server: FeedServer
        let port: UInt16
        private final class Log: Sendable { let lines = Mutex<[String]>([]) }
        private let log = Log()
        var url: String { "http://127.0.0.1:\(port)" }

        init(_ configure: (inout FeedServerOptions) -> Void = { _ in }) throws {
            var options = FeedServerOptions(port: 0, log: true)
            configure(&options)
            let log = log
            server = FeedServer(options: options, log: { line in log.lines.withLock { $0.append(line) } })
            port = try server.start()
        }

        deinit { server.stop() }

        /// The log lines so far.
        var lines: [String] { log.lines.withLock { $0 } }
        /// How many log lines contain `text`.
        func count(_ text: String) -> Int { lines.count { $0.contains(text) } }

        /// Waits until `count(text)` reaches `count`.
        func wait(for text: String, count: Int, timeout: Duration = .seconds(20)) async throws {
            let deadline = ContinuousClock.now + timeout
            while self.count(text) < count {
                guard ContinuousClock.now < deadline else { throw FeedProcessError.timedOut("the log has \(self.count(text)) of \(count) lines with \(text)") }
                try await Task.sleep(for: .milliseconds(20))
            }
        }

        /// Waits until the server counted a new-count poll after `count` of them.
        func waitForPolls(after count: Int, timeout: Duration = .seconds(30)) async throws {
            let deadline = ContinuousClock.now + timeout
            while server.stats().count("GET /v1/feed/new-count") <= count {
                guard ContinuousClock.now < deadline else { throw FeedProcessError.timedOut("no poll while the stream was down") }
                try await Task.sleep(for: .milliseconds(50))
            }
        }

        func headless(_ arguments: [String]) throws -> FeedProcess {
            try FeedProcess(["--headless", "--server", url, "--photos", "off"] + arguments)
        }
    }

    private static let live = ["--enable", "live-updates", "--live-backoff", "100"]

    /// Sends `state` until `condition` holds, for at most `timeout`.
    private static func state(_ feed: FeedProcess, timeout: Duration = .seconds(20), until condition: ([String: Any]) -> Bool) async throws -> [String: Any] {
        let deadline = ContinuousClock.now + timeout
        while true {
            let state = try await feed.send("state")
            if condition(state) { return state }
            guard ContinuousClock.now < deadline else { throw FeedProcessError.timedOut("the state never matched: \(state)") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    private static func likes(_ state: [String: Any]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: Headless.rows(state).compactMap { row in
            (row["id"] as? String).flatMap { id in (row["likes"] as? String).map { (id, $0) } }
        })
    }

    @Test func othersLikingChangesTheCountsOnScreenWithNoCommand() async throws {
        let server = try LoggedServer { $0.faults.othersLikeEveryMS = 200 }
        let feed = try server.headless(Self.live)
        _ = try await feed.send("open")
        let loaded = try await feed.send("settle")
        #expect(Headless.rows(loaded).count >= 10)
        _ = try await Self.state(feed) { $0["live"] as? String == "open" }
        let before = Self.likes(try await feed.send("state"))
        // Only `state` is sent: it reads, it changes nothing.
        let moved = try await Self.state(feed) { state in Self.likes(state).contains { before[$0.key] != nil && before[$0.key] != $0.value } }
        #expect(Headless.ids(moved) == Headless.ids(loaded), "counts change in place: no row moves")
        #expect(server.count("GET /v1/live?") == 1, "one stream")
        #expect(try await feed.finish() == 0)
    }

    @Test func aRestartedServerIsRetriedAndACountChangedWhileDownShowsAfterTheRefetch() async throws {
        let server = try LoggedServer()
        let feed = try server.headless(Self.live)
        _ = try await feed.send("open")
        let loaded = try await feed.send("settle")
        let id = try #require(Headless.ids(loaded).first)
        _ = try await Self.state(feed) { $0["live"] as? String == "open" }
        server.server.stop()
        _ = try await Self.state(feed) { $0["live"] as? String == "retrying" }
        // Other users like the first row while the server is down for this client, then so many
        // other likes follow that the server's buffer no longer holds that one: a reset, then the refetch.
        for _ in 0..<3 { server.server.likeByOthers(id) }
        let other = try #require(Headless.ids(loaded).last)
        for round in 0..<4_200 { server.server.likeByOthers(other, liking: round % 2 == 0) }
        let count = try #require(server.server.likeState(of: id)?.likeCount)
        let refetches = server.count("GET /v1/posts/like-counts")
        try server.server.start()
        let shown = try await Self.state(feed) { state in
            state["live"] as? String == "open" && Headless.row(state, id: id)?["likes"] as? String == Headless.likesText(count)
        }
        #expect(Headless.ids(shown) == Headless.ids(loaded))
        #expect(server.count("GET /v1/posts/like-counts") > refetches, "a refetch after the reconnect")
        #expect(try await feed.finish() == 0)
    }

    @Test func hideClosesTheStreamAndShowReopensIt() async throws {
        let server = try LoggedServer()
        let feed = try server.headless(Self.live)
        _ = try await feed.send("open")
        _ = try await feed.send("settle")
        _ = try await Self.state(feed) { $0["live"] as? String == "open" }
        #expect(try await feed.send("hide")["live"] as? String == "paused")
        try await server.wait(for: "GET /v1/live closed", count: 1)
        #expect(server.count("GET /v1/live?") == 1)
        _ = try await feed.send("show")
        try await server.wait(for: "GET /v1/live?", count: 2)
        _ = try await Self.state(feed) { $0["live"] as? String == "open" }
        #expect(try await feed.finish() == 0)
    }

    @Test func thePillsCountComesFromTheStreamAndPollingIsTheFallbackWhileItIsDown() async throws {
        let server = try LoggedServer()
        let feed = try server.headless(["--enable", "live-updates", "--enable", "new-posts-pill", "--poll-interval", "1000", "--live-backoff", "3000"])
        _ = try await feed.send("open")
        _ = try await feed.send("settle")
        _ = try await Self.state(feed) { $0["live"] as? String == "open" }
        let polls = server.server.stats().count("GET /v1/feed/new-count")
        try await Task.sleep(for: .milliseconds(2_500))
        #expect(server.server.stats().count("GET /v1/feed/new-count") <= polls + 1, "the poller rests while the stream is open (a poll under way at most)")
        server.server.publishNewPosts(3)
        _ = try await Self.state(feed) { (($0["pill"] as? [String: Any])?["count"] as? Int) == 3 }
        // The stream turns hostile: it is dropped and waits out its backoff, and the poller takes over.
        server.server.update { $0.liveFault = .endlessLine }
        _ = try await Self.state(feed) { $0["live"] as? String == "retrying" }
        let down = server.server.stats().count("GET /v1/feed/new-count")
        try await server.waitForPolls(after: down)
        #expect(try await feed.finish() == 0)
    }

    @Test func withTheFlagOffNoStreamIsEverOpened() async throws {
        let server = try LoggedServer { $0.faults.othersLikeEveryMS = 200 }
        let feed = try server.headless(["--disable", "live-updates", "--flags-interval", "1000"])
        _ = try await feed.send("open")
        _ = try await feed.send("settle")
        try await server.wait(for: "GET /v1/flags", count: 2)
        let state = try await feed.send("state")
        #expect(state["live"] as? String == "off")
        #expect(try await feed.finish() == 0)
        #expect(server.count("/v1/live") == 0, "no request to /v1/live: \(server.lines.filter { $0.contains("live") })")
        #expect(server.server.stats().count("GET /v1/live") == 0)
    }

    @Test func theServerSwitchingLiveUpdatesOffClosesTheStream() async throws {
        let server = try LoggedServer { $0.faults.flags = ["live-updates": true] }
        let feed = try server.headless(Self.live + ["--flags-interval", "1000"])
        _ = try await feed.send("open")
        _ = try await feed.send("settle")
        _ = try await Self.state(feed) { $0["live"] as? String == "open" }
        server.server.update { $0.flags["live-updates"] = false }
        try await server.wait(for: "GET /v1/live closed", count: 1)
        _ = try await Self.state(feed) { $0["live"] as? String == "off" }
        let opened = server.count("GET /v1/live?")
        try await server.wait(for: "GET /v1/flags", count: server.count("GET /v1/flags") + 2)
        #expect(server.count("GET /v1/live?") == opened, "no stream after the switch")
        #expect(try await feed.finish() == 0)
        #expect(await feed.errorOutput().contains("feed: the server switched live-updates off"))
    }
}
