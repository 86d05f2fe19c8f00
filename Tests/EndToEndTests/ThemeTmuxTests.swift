import EndToEndTesting
import FeedServer
import Foundation
import Testing
import TestingSupport

/// `--theme` in a real terminal: a light background (said by `COLORFGBG`, or asked for) turns the
/// selected author blue; a dark one keeps it cyan. `feed` asks the terminal at start, and the
/// screen still comes up inside tmux, which answers some of the queries itself.
@Suite(.serialized, .heavy) struct ThemeTmuxTests {
    @Test(.enabled(if: TerminalScreenTests.tmux != nil, "tmux is not installed (CI installs it)"), arguments: [
        (["--theme", "light"], [String: String](), "34"), ([], ["COLORFGBG": "0;15"], "34"), (["--theme", "dark"], ["COLORFGBG": "0;15"], "36"), ([], [:], "36"),
    ])
    func theSelectedAuthorTakesTheThemesAccent(arguments: [String], environment: [String: String], colour: String) async throws {
        let server = try TestServer()
        let pane = try await TmuxPane(
            arguments: ["--server", server.url, "--photos", "off", "--data-dir", TemporaryDirectory.make().path] + arguments,
            environment: environment, columns: 80, rows: 24)
        defer { pane.kill() }
        let seen = try await pane.waitForColourScreen { lines in lines.count > 2 && lines[1].contains("@") }
        let lines = try #require(seen.lines, "the first row; the pane showed:\n\(seen.last.joined(separator: "\n"))")
        // The selected author: bold in the accent (SGR 1 and 34 or 36, in whatever order tmux writes them).
        let author = lines[1]
        let codes = author.components(separatedBy: "\u{1B}[").map { $0.prefix { $0 != "m" }.split(separator: ";") }
        #expect(codes.contains { $0.contains(Substring(colour)) }, "\(author.debugDescription)")
        try await pane.send("q")
        #expect(try await pane.waitForExit() == "0")
    }
}
