import EndToEndTesting
import Foundation
import Testing
import TestingSupport

/// The saved feed in a real terminal (`offline-pages`): the launch refresh lands in place under a
/// reader deep in the saved rows, `fg` revalidates a stale feed, and a relaunch shows the same post
/// at the same line. In the serialized suite of the other tmux tests.
extension TerminalScreenTests {
    @Test(.enabled(if: TerminalScreenTests.tmux != nil, "tmux is not installed (CI installs it)"))
    func theLaunchRefreshLandsUnderTheReaderFgRevalidatesAndARelaunchKeepsThePlace() async throws {
        let server = try TestServer()
        let dataDir = TemporaryDirectory.make()
        let saved = ["--enable", "offline-pages", "--data-dir", dataDir.path]
        let filler = try FeedProcess(["--headless", "--server", server.url, "--fresh-for", "0"] + saved)
        for command in ["open", "settle", "see 18", "settle", "see 38", "settle"] { _ = try await filler.send(command) }
        #expect(Headless.ids(try await filler.send("see 0")).count == 60)
        #expect(try await filler.finish() == 0)
        // Long enough for the 40 moves below to come first, on a loaded box too (3 s was not, beside
        // a CI run's other tmux and feed processes: the refresh landed at the top); the requests may take 30 s.
        server.server.update { $0.latencyMS = 8_000 }
        let feedRequests = { server.server.stats().count("GET /v1/feed") }
        let before = feedRequests()

        let pane = try await TmuxPane(arguments: ["--server", server.url, "--fresh-for", "0", "--request-timeout", "30000"] + saved, jobControl: true)
        defer { pane.kill() }
        _ = try await pane.waitForScreen("the saved rows") { Self.text($0).contains("Refreshing") || Self.text($0).contains("/60") }
        try await pane.send("j", times: 40)
        _ = try await pane.waitFor("the launch refresh") { feedRequests() > before ? true : nil }
        let landed = try await pane.waitForScreen("the refresh in, row 41 selected", timeout: .seconds(60)) { Self.text($0).contains("41/60") && !Self.text($0).contains("Refreshing") }
        #expect(landed.first?.contains("41/60") == true, "still 41 of 60 rows: nothing jumped to 1/20")

        try await pane.send("C-z")
        _ = try await pane.waitForStop(1)
        let stopped = feedRequests()
        try pane.continueJob(1)
        _ = try await pane.waitFor("a revalidation on fg") { feedRequests() > stopped ? true : nil }
        let back = try await pane.waitForScreen("the revalidation in", timeout: .seconds(60)) { Self.text($0).contains("41/60") && !Self.text($0).contains("Refreshing") }
        // The selection mark (the first two columns) aside: a relaunch selects the top post.
        let lines = { (screen: [String]) in screen[1...4].map { String($0.dropFirst(2)) } }
        let place = lines(back)
        try await pane.send("q")
        #expect(try await pane.waitForExit() == "0")

        let again = try await TmuxPane(arguments: ["--server", server.url, "--fresh-for", "600000"] + saved)
        defer { again.kill() }
        let restored = try await again.waitForScreen("the saved place") { Self.text($0).contains("/60") }
        #expect(lines(restored) == place, "the same post at the same line:\n\(Self.text(restored))\nwas\n\(place.joined(separator: "\n"))")
        try await again.send("q")
        #expect(try await again.waitForExit() == "0")
    }
}
