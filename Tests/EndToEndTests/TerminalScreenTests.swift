import EndToEndTesting
import FeedServer
import Foundation
import Testing
import TestingSupport

/// `feed` in a real terminal: tmux at 80×24 against the reference server, driven by keys and read
/// back with `capture-pane`.
@Suite(.serialized, .heavy) struct TerminalScreenTests {
    static let tmux = TmuxPane.tmux

    @Test(.enabled(if: tmux != nil, "tmux is not installed (CI installs it)"))
    func rowsAppearTheHeartFlipsAtOnceMoreRowsLoadAndTheTerminalIsRestored() async throws {
        // Likes take 5 s to land, so a flipped heart on screen is the optimistic one.
        let server = try TestServer { $0.faults.likeLatencyMS = 5_000 }
        let pane = try await TmuxPane(arguments: ["--server", server.url])
        defer { pane.kill() }

        // `l like` joins the key bar once the selected row's heart is read (the likes read may answer after the rows).
        let first = try await pane.waitForScreen("the first page, its hearts read") {
            Self.text($0).contains("1/20") && Self.text($0).contains("@") && $0.last?.contains("l like") == true
        }
        #expect(first.last?.contains("j/k move · l like · r refresh · ? help · q quit") == true)
        #expect(first.contains { $0.hasPrefix("▌ @") }, "the first post is selected")

        try await pane.send("j")
        let moved = try await pane.waitForScreen("the second post selected") { Self.text($0).contains("2/20") }
        let heart = try #require(Self.selectedHeart(moved), "the selected row shows its heart")

        try await pane.send("l")
        let flipped = try await pane.waitForScreen("the heart flipped") { Self.selectedHeart($0).map { $0 != heart } ?? false }
        let id = try await pane.waitFor("the like request") { server.server.stats().likeRequests.keys.first }
        let wanted = heart == "♡"
        #expect(server.server.likeState(of: id)?.liked == !wanted, "the server has not answered yet: the heart flipped at once")
        #expect(Self.selectedHeart(flipped) == (wanted ? "♥" : "♡"))

        var presses = 0
        while !Self.text(try await pane.screen()).contains("/40") {
            presses += 1
            try #require(presses <= 40, "paging down 40 times loads a second page")
            let before = try await pane.screen()
            try await pane.send("Space")
            _ = try await pane.waitForScreen("the page to move") { $0 != before || Self.text($0).contains("/40") }
        }
        #expect(server.server.stats().feedCursors.count >= 2, "a second page was requested")

        _ = try await pane.waitFor("the like to land") { server.server.likeState(of: id)?.liked == wanted ? true : nil }
        try await pane.send("q")
        let status = try await pane.waitForExit()
        #expect(status == "0")
        #expect(try pane.sttyBefore() == pane.sttyAfter(), "stty -g is the same before and after")
    }

    @Test(.enabled(if: tmux != nil, "tmux is not installed (CI installs it)"))
    func aResizeRedrawsAndSIGTERMRestoresTheTerminal() async throws {
        let server = try TestServer()
        let pane = try await TmuxPane(arguments: ["--server", server.url, "--ascii"])
        defer { pane.kill() }
        _ = try await pane.waitForScreen("the first page") { Self.text($0).contains("1/20") }
        try await pane.tmux(["resize-window", "-t", pane.target, "-x", "100", "-y", "30"])
        let resized = try await pane.waitForScreen("the frame at 100×30") { $0.count == 30 && $0[29].contains("q quit") }
        #expect(resized.contains { $0.contains("[<3] ") || $0.contains("[  ] ") || $0.contains("[..] ") }, "--ascii hearts")
        #expect(!resized.joined().contains("</3"), "</3 reads as disliked")
        #expect(!resized.joined().contains("♡"))
        try await pane.signal(SIGTERM)
        #expect(try await pane.waitForExit() == "143")
        #expect(try pane.sttyBefore() == pane.sttyAfter())
    }

    @Test func withoutATerminalFeedPrintsOnePlainFrameAndExitsZero() async throws {
        let feed = try FeedProcess([])
        #expect(try await feed.waitForExit() == 0)
        let lines = await feed.remainingOutput()
        #expect(!lines.joined().contains("\u{1B}"), "no escape sequences")
        #expect(lines.first?.contains("Feed") == true)
        #expect(lines.filter { $0.hasPrefix("  @") }.count == 20, "every post of the first page")
        #expect(!lines.contains { $0.contains("q quit") })
    }

    static func text(_ screen: [String]) -> String { TmuxPane.text(screen) }

    /// The heart on the selected row (lines marked `▌`), if one shows.
    static func selectedHeart(_ screen: [String]) -> String? {
        for line in screen where line.hasPrefix("▌ ♥") || line.hasPrefix("▌ ♡") {
            return String(line.dropFirst(2).prefix(1))
        }
        return nil
    }
}

/// A refresh starts at the top, so the selection is always a row on screen and the row a key acts on.
@Suite(.serialized, .heavy) struct RefreshKeepsTheReaderSafeTests {
    /// The photo label (`p12.jpg`) inside the selected row's box: the post the selection shows.
    static func selectedPost(_ screen: [String]) -> String? {
        for line in screen where line.hasPrefix("▌ │") {
            if let range = line.range(of: #"p[0-9]+\.jpg"#, options: .regularExpression) {
                return String(line[range].dropLast(4))
            }
        }
        return nil
    }

    @Test(.enabled(if: TerminalScreenTests.tmux != nil, "tmux is not installed (CI installs it)"), arguments: [4, 200])
    func rDeepInTheFeedGoesToTheTopAndTheLikeKeyLikesThePostShownSelected(depth: Int) async throws {
        let server = try TestServer()
        let pane = try await TmuxPane(arguments: ["--server", server.url])
        defer { pane.kill() }
        _ = try await pane.waitForScreen("the first page") { TerminalScreenTests.text($0).contains("1/20") }
        if depth < 20 {
            for _ in 0..<depth { try await pane.send("j") }
            _ = try await pane.waitForScreen("row \(depth + 1) selected") { TerminalScreenTests.text($0).contains("\(depth + 1)/20") }
        } else {
            // The last post, again and again, until row `depth` exists; then up to it.
            var count = 20
            while count < depth + 1 {
                try await pane.send("G")
                let next = count + 20
                _ = try await pane.waitForScreen("\(next) rows") { TerminalScreenTests.text($0).contains("/\(next)") }
                count = next
            }
            let screen = try await pane.screen()
            let title = try #require(screen.first?.split(separator: " ").last?.split(separator: "/").first.flatMap { Int($0) })
            let moves = title - depth - 1
            for _ in 0..<abs(moves) { try await pane.send(moves > 0 ? "k" : "j") }
            _ = try await pane.waitForScreen("row \(depth + 1) selected") { TerminalScreenTests.text($0).contains("\(depth + 1)/\(count)") }
        }
        try await pane.send("r")
        let top = try await pane.waitForScreen("the top after the refresh") { screen in
            screen.first?.contains("1/20") == true && !TerminalScreenTests.text(screen).contains("Refreshing") && Self.selectedPost(screen) != nil
        }
        #expect(top[1].hasPrefix("▌ @"), "the selection is on the first row, on screen")
        let shown = try #require(Self.selectedPost(top))
        try await pane.send("l")
        let liked = try await pane.waitFor("the like request") { server.server.stats().likeRequests.keys.first }
        #expect(liked == shown, "l likes the post shown as selected")
        try await pane.send("q")
        #expect(try await pane.waitForExit() == "0")
    }
}
