import EndToEndTesting
import FeedServer
import Foundation
import Testing
import TestingSupport

/// Photos end to end: rows on screen load their photos from the server, the caches fill and
/// empty on logout, `--photos off` loads nothing, and a terminal shows 24-bit half blocks.
@Suite(.heavy) struct PhotoTests {
    /// Polls `state` until `condition` holds, for at most `timeout`.
    private static func state(_ feed: FeedProcess, until condition: ([String: Any]) -> Bool, timeout: Duration = .seconds(30)) async throws -> [String: Any] {
        let deadline = ContinuousClock.now + timeout
        while true {
            let state = try await feed.send("state")
            if condition(state) { return state }
            guard ContinuousClock.now < deadline else { throw FeedProcessError.timedOut("photos did not arrive: \(state["photos"] ?? "")") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    private static func photos(_ state: [String: Any]) -> [String] { Headless.rows(state).compactMap { $0["photo"] as? String } }

    @Test func rowsOnScreenLoadTheirPhotosAndLogoutEmptiesBothCaches() async throws {
        let server = try TestServer()
        let dataDir = TemporaryDirectory.make()
        let feed = try server.headless(.off, ["--photos", "on", "--data-dir", dataDir.path])
        _ = try await feed.send("open")
        _ = try await feed.send("settle")
        let loaded = try await Self.state(feed) { Self.photos($0).prefix(3).allSatisfy { $0 == "loaded" } }
        #expect(Self.photos(loaded).suffix(10).allSatisfy { $0 == "none" }, "rows far below the screen ask for nothing")
        let figures = try #require(loaded["photos"] as? [String: Int])
        #expect((figures["downloads"] ?? 0) >= 3)
        #expect((figures["memoryBytes"] ?? 0) > 0 && (figures["memoryBytes"] ?? 0) <= (figures["memoryLimitBytes"] ?? 0))
        #expect((figures["diskBytes"] ?? 0) > 0)
        #expect(server.server.stats().count("GET /v1/photos/{id}.jpg") == figures["downloads"], "one download per photo")
        let images = dataDir.appendingPathComponent("images")
        #expect(FileManager.default.fileExists(atPath: images.path))

        let out = try await feed.send("logout")
        let emptied = try #require(out["photos"] as? [String: Int])
        #expect(emptied["memoryBytes"] == 0 && emptied["diskBytes"] == 0)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: images.path)) ?? []).isEmpty, "nothing of the last user's photos stays on disk")
        #expect(try await feed.finish() == 0)
    }

    @Test func withPhotosOffNothingIsLoadedOrWritten() async throws {
        let server = try TestServer()
        let dataDir = TemporaryDirectory.make()
        let feed = try server.headless(.off, ["--photos", "off", "--data-dir", dataDir.path])
        _ = try await feed.send("open")
        let state = try await feed.send("settle")
        #expect(Self.photos(state).allSatisfy { $0 == "none" })
        #expect((state["photos"] as? [String: Int])?["memoryLimitBytes"] == 0)
        #expect(server.server.stats().count("GET /v1/photos/{id}.jpg") == 0)
        #expect(!FileManager.default.fileExists(atPath: dataDir.appendingPathComponent("images").path))
        #expect(try await feed.finish() == 0)
    }

    @Test func aPhotoTheServerFailsIsAFailedPhotoAndTheFeedGoesOn() async throws {
        let server = try TestServer()
        let feed = try server.headless(.off, ["--photos", "on", "--data-dir", TemporaryDirectory.make().path])
        _ = try await feed.send("open")
        _ = try await feed.send("settle")
        // Every later request fails: the photos of rows seen from now on cannot load.
        server.server.update { $0.failRate = 1 }
        _ = try await feed.send("see 15")
        let state = try await Self.state(feed) { Self.photos($0).dropFirst(15).first == "failed" }
        #expect(Headless.rows(state).count == 20)
        #expect(try await feed.finish() == 0)
    }

    @Test(.enabled(if: TerminalScreenTests.tmux != nil, "tmux is not installed (CI installs it)"))
    func aTrueColourTerminalShowsHalfBlocksInTheFirstRowsBoxAndASCIINone() async throws {
        let server = try TestServer()
        for ascii in [false, true] {
            let pane = try await TmuxPane(
                arguments: ["--server", server.url, "--photos", "on", "--symbols", "half", "--data-dir", TemporaryDirectory.make().path]
                    + (ascii ? ["--ascii"] : []),
                environment: ["COLORTERM": "truecolor"])
            defer { pane.kill() }
            _ = try await pane.waitForScreen("the first page") { TerminalScreenTests.text($0).contains("1/20") }
            if ascii {
                try await Task.sleep(for: .seconds(1))
                let colored = try await pane.tmux(["capture-pane", "-p", "-e", "-t", pane.target])
                #expect(!colored.contains("▀"), "--ascii keeps the outlined box")
                #expect(!colored.contains("38;2;"))
            } else {
                var last = ""
                let colored = try await pane.waitFor("half blocks in 24-bit colour", detail: { last }) {
                    let text = try await pane.tmux(["capture-pane", "-p", "-e", "-t", pane.target])
                    last = text
                    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                    return lines.count > 3 && lines[2].contains("▀") && lines[2].contains("38;2;") && lines[2].contains("48;2;") ? text : nil
                }
                #expect(colored.split(separator: "\n")[1].contains("@"), "the photo is the first row's, under its author")
            }
            try await pane.send("q")
            #expect(try await pane.waitForExit() == "0")
        }
    }
}
