import EndToEndTesting
import Foundation
import Testing

/// The demos in a real terminal: a like and a quit, with the terminal put back. In the serialized
/// suite of the other tmux tests, so no more tmux servers start at once than before.
extension TerminalScreenTests {
    @Test(.enabled(if: TerminalScreenTests.tmux != nil, "tmux is not installed (CI installs it)"))
    func feedDemoInATerminalLikesAtOnceAndQuits() async throws {
        let pane = try await TmuxPane(arguments: ["--fakes", "--latency", "50"], executable: DemoTests.feedDemo)
        defer { pane.kill() }
        let first = try await pane.waitForScreen("the first page") { Self.text($0).contains("1/20") }
        let heart = try #require(Self.selectedHeart(first))
        try await pane.send("l")
        _ = try await pane.waitForScreen("the heart flipped") { Self.selectedHeart($0).map { $0 != heart } ?? false }
        try await pane.send("q")
        #expect(try await pane.waitForExit() == "0")
        #expect(try pane.sttyBefore() == pane.sttyAfter())
    }

    @Test(.enabled(if: TerminalScreenTests.tmux != nil, "tmux is not installed (CI installs it)"))
    func profileDemoInATerminalShowsTheGridAndQuitsOnEscape() async throws {
        let pane = try await TmuxPane(arguments: ["--latency", "50"], executable: DemoTests.profileDemo)
        defer { pane.kill() }
        _ = try await pane.waitForScreen("the grid") { screen in
            screen.first?.contains("@Ana") == true && screen.contains { $0.contains("p60.jpg") }
        }
        try await pane.send("Space")
        _ = try await pane.waitForScreen("the selected post liked") { Self.text($0).contains("♥") }
        try await pane.send("Escape")
        #expect(try await pane.waitForExit() == "0")
        #expect(try pane.sttyBefore() == pane.sttyAfter())
    }
}
