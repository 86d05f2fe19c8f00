import EndToEndTesting
import Foundation
import Testing
import TestingSupport

/// `mute-authors`' keys in a real terminal: `m` on the feed and on a profile, `M`, and the help.
@Suite(.serialized, .heavy) struct MutedAuthorsTmuxTests {
    private static func text(_ screen: [String]) -> String { TmuxPane.text(screen) }

    @Test(.enabled(if: TmuxPane.tmux != nil, "tmux is not installed (CI installs it)"))
    func mMutesOnTheFeedAndOnAProfileAndCapitalMUnmutes() async throws {
        let server = try TestServer()
        let pane = try await TmuxPane(arguments: [
            "--server", server.url, "--enable", "mute-authors", "--enable", "shared-post-store", "--data-dir", TemporaryDirectory.make().path,
        ])
        defer { pane.kill() }
        _ = try await pane.waitForScreen("the first page") { Self.text($0).contains("1/20") }
        try await pane.send("?")
        let help = try await pane.waitForScreen("help") { $0.last?.contains("any key closes help") == true }
        #expect(Self.text(help).contains("mute the selected post's author"), "\(Self.text(help))")
        #expect(Self.text(help).contains("unmute the author muted last"))
        try await pane.send("Escape")
        _ = try await pane.waitForScreen("help closed") { $0.last?.contains("any key closes help") == false }

        try await pane.send("m")
        let feed = try await pane.waitForScreen("the title counts one muted author") { $0.first?.contains("1 muted") == true }
        #expect(feed.first?.contains("1/") == true, "a row is still selected: \(feed.first ?? "")")

        try await pane.send("Enter")
        _ = try await pane.waitForScreen("the author's grid") { $0.last?.contains("Esc back") == true && $0.contains { $0.contains("┌") } }
        try await pane.send("m")
        let profile = try await pane.waitForScreen("the profile's author muted: the grid empties") {
            $0.first?.contains("2 muted") == true && !$0.contains { $0.contains("┌") }
        }
        #expect(profile.first?.contains("2 muted") == true)
        try await pane.send("Escape")
        _ = try await pane.waitForScreen("back on the feed") { $0.first?.contains("2 muted") == true && $0.last?.contains("Esc back") == false }
        try await pane.send("M")
        _ = try await pane.waitForScreen("one author unmuted") { $0.first?.contains("1 muted") == true }
        try await pane.send("q")
        #expect(try await pane.waitForExit() == "0")
    }
}
