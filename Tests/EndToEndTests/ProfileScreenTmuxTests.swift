import EndToEndTesting
import FeedServer
import Foundation
import Testing
import TestingSupport

/// `shared-post-store` in a real terminal: open a profile from the feed, like there, go back.
@Suite(.serialized, .heavy) struct ProfileScreenTmuxTests {
    @Test(.enabled(if: TerminalScreenTests.tmux != nil, "tmux is not installed (CI installs it)"))
    func aLikeInTheProfileShowsOnTheFeedRowAndTheSelectionStaysWhereItWas() async throws {
        let server = try TestServer()
        let arguments = ["--server", server.url, "--enable", "shared-post-store", "--data-dir", TemporaryDirectory.make().path]
        let pane = try await TmuxPane(arguments: arguments)
        defer { pane.kill() }
        _ = try await pane.waitForScreen("the first page") { TerminalScreenTests.text($0).contains("1/20") }
        for _ in 0..<2 { try await pane.send("j") }
        let feed = try await pane.waitForScreen("the third post selected") { TerminalScreenTests.text($0).contains("3/20") }
        let heart = try #require(TerminalScreenTests.selectedHeart(feed))
        let author = try #require(feed.first { $0.hasPrefix("▌ @") }).dropFirst(3).trimmingCharacters(in: .whitespaces)

        try await pane.send("Enter")
        _ = try await pane.waitForScreen("the author's grid") { screen in
            screen.first?.contains("@\(author)") == true && screen.last?.contains("Esc back") == true && screen.contains { $0.contains("┌") }
        }
        // The grid opens on the post it was opened from: Space likes that post.
        try await pane.send("Space")
        let id = try await pane.waitFor("the like request") { server.server.stats().likeRequests.keys.first }
        _ = try await pane.waitFor("the like to land") { server.server.likeState(of: id).map { $0.liked == (heart == "♡") } == true ? true : nil }

        try await pane.send("Escape")
        let wanted = heart == "♡" ? "♥" : "♡"
        let back = try await pane.waitForScreen("the feed with the new heart") { screen in
            TerminalScreenTests.text(screen).contains("3/20") && TerminalScreenTests.selectedHeart(screen) == wanted
        }
        #expect(back.first { $0.hasPrefix("▌ @") }?.contains(author) == true, "the selection is where it was")
        #expect(!back.contains { $0.contains("┐ ┌") }, "no row of the grid stays behind")
        try await pane.send("q")
        #expect(try await pane.waitForExit() == "0")
        #expect(try pane.sttyBefore() == pane.sttyAfter())
    }
}
