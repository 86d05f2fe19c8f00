import EndToEndTesting
import FeedServer
import Foundation
import Testing
import TestingSupport

/// Keys and the key bar in a real terminal: Space/PgDn/PgUp by a screen to an author line, a bar
/// that offers what works, Esc followed at once by a key, the rows' comments and age.
@Suite(.serialized, .heavy) struct KeysTmuxTests {
    private static func text(_ screen: [String]) -> String { TerminalScreenTests.text(screen) }

    /// The list area's first line starts a post: its author line (selected or not).
    private static func authorAtTop(_ screen: [String]) -> Bool {
        screen.count > 1 && (screen[1].hasPrefix("  @") || screen[1].hasPrefix("▌ @"))
    }

    @Test(.enabled(if: TerminalScreenTests.tmux != nil, "tmux is not installed (CI installs it)"))
    func spaceAndPageKeysMoveAScreenToAnAuthorLine() async throws {
        let server = try TestServer()
        let pane = try await TmuxPane(arguments: ["--server", server.url])
        defer { pane.kill() }
        var screen = try await pane.waitForScreen("the first page") { Self.text($0).contains("1/20") }
        // The rows say their comments and age.
        #expect(screen.contains { $0.range(of: #"likes? · (no comments|1 comment|[0-9,]+ comments) · (now|[0-9]+[mhdwy])"#, options: .regularExpression) != nil }, "\(Self.text(screen))")
        for key in ["Space", "PgDn", "Space", "PgDn", "PgUp", "PgUp", "Space"] {
            let before = screen
            try await pane.send(key)
            screen = try await pane.waitForScreen("the screen after \(key)") { $0 != before && Self.authorAtTop($0) }
            #expect(Self.authorAtTop(screen), "after \(key) the top line is \(screen[1])")
        }
        try await pane.send("q")
        #expect(try await pane.waitForExit() == "0")
    }

    @Test(.enabled(if: TerminalScreenTests.tmux != nil, "tmux is not installed (CI installs it)"))
    func theKeyBarFitsTheScreen() async throws {
        let down = try await TmuxPane(arguments: ["--server", "http://127.0.0.1:9"])
        defer { down.kill() }
        let failed = try await down.waitForScreen("the error screen") { $0.last?.contains("r retry") == true }
        #expect(failed.last?.contains("r retry · ? help · q quit") == true, "\(failed.last ?? "")")
        #expect(failed.last?.contains("j/k") == false && failed.last?.contains("like") == false, "no keys that do nothing here")
        try await down.send("q")
        #expect(try await down.waitForExit() == "0")

        let server = try TestServer()
        let pane = try await TmuxPane(arguments: ["--server", server.url, "--enable", "shared-post-store", "--data-dir", TemporaryDirectory.make().path])
        defer { pane.kill() }
        // The key bar grows once the rows are in and selectable (a loaded box draws a frame between).
        let feed = try await pane.waitForScreen("the first page's keys") { Self.text($0).contains("1/20") && $0.last?.contains("Enter profile") == true }
        #expect(feed.last?.contains("n new") == false, "no pill, no n")
        try await pane.send("?")
        let help = try await pane.waitForScreen("help") { $0.last?.contains("any key closes help") == true }
        #expect(help.last?.contains("j/k") == false)
        try await pane.send("q")
        #expect(try await pane.waitForExit() == "0")
    }

    @Test(.enabled(if: TerminalScreenTests.tmux != nil, "tmux is not installed (CI installs it)"))
    func escFollowedAtOnceByAKeyIsBothKeys() async throws {
        let server = try TestServer()
        let pane = try await TmuxPane(arguments: ["--server", server.url, "--enable", "shared-post-store", "--data-dir", TemporaryDirectory.make().path])
        defer { pane.kill() }
        _ = try await pane.waitForScreen("the first page") { Self.text($0).contains("1/20") }
        // In help: Esc closes it and the j right behind it moves (one write: both bytes at once).
        try await pane.send("?")
        _ = try await pane.waitForScreen("help") { $0.last?.contains("any key closes help") == true }
        try await pane.tmux(["send-keys", "-t", pane.target, "Escape", "j"])
        _ = try await pane.waitForScreen("help closed and the second post selected") { $0.first?.contains("2/20") == true }

        // In the profile: Esc goes back, then j moves on the feed.
        try await pane.send("Enter")
        _ = try await pane.waitForScreen("the author's grid") { $0.last?.contains("Esc back") == true && $0.contains { $0.contains("┌") } }
        try await pane.tmux(["send-keys", "-t", pane.target, "Escape", "j"])
        let back = try await pane.waitForScreen("the feed, the third post selected") { $0.first?.contains("3/20") == true }
        #expect(back.last?.contains("j/k move") == true)
        try await pane.send("q")
        #expect(try await pane.waitForExit() == "0")
        #expect(try pane.sttyBefore() == pane.sttyAfter())
    }
}
