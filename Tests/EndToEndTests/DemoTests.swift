import Foundation
import Testing

/// `feed-demo` and `profile-demo`, each one feature built on its own: a plain frame when stdout is
/// not a terminal, usage errors, and the screen in a real terminal.
@Suite(.serialized) struct DemoTests {
    static let feedDemo = FeedProcess.product("feed-demo")
    static let profileDemo = FeedProcess.product("profile-demo")

    /// Runs `executable` with stdout a pipe; returns its status, stdout and stderr lines.
    private func run(_ executable: URL, _ arguments: [String]) async throws -> (status: Int32, output: [String], errors: [String]) {
        let process = try FeedProcess(arguments, executable: executable)
        let status = try await process.finish()
        return (status, await process.remainingOutput(), await process.errorOutput())
    }

    @Test(arguments: [["--fakes", "--latency", "0"], []])
    func feedDemoPrintsThePlainFrameOfTheFirstPage(arguments: [String]) async throws {
        let result = try await run(Self.feedDemo, arguments)
        #expect(result.status == 0)
        #expect(result.output.first?.contains("Feed") == true)
        #expect(result.output.filter { $0.hasPrefix("  @") }.count == 20, "every post of the first page")
        #expect(result.output.contains { $0.contains("likes") })
        #expect(!result.output.joined().contains("\u{1B}"), "no escape sequences")
    }

    @Test func profileDemoPrintsTheAuthorsGrid() async throws {
        let result = try await run(Self.profileDemo, ["--author", "Björk", "--latency", "0"])
        #expect(result.status == 0)
        #expect(result.output.first?.contains("@Björk") == true)
        #expect(result.output.filter { $0.contains("┌") }.count >= 2, "rows of photo boxes")
        #expect(result.output.contains { $0.contains("p60.jpg") }, "the newest post first")
        #expect(!result.output.joined().contains("\u{1B}"))
    }

    @Test(arguments: [
        (feedDemo, ["--bogus"], "feed-demo: unknown option '--bogus'"),
        (feedDemo, ["--latency", "soon"], "feed-demo: invalid value 'soon' for --latency"),
        (profileDemo, ["--posts=-1"], "profile-demo: invalid value '-1' for --posts"),
        (profileDemo, ["extra"], "profile-demo: unexpected argument 'extra'"),
    ])
    func aBadArgumentPrintsOneLineAndExitsTwo(executable: URL, arguments: [String], line: String) async throws {
        let result = try await run(executable, arguments)
        #expect(result.status == 2)
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.hasPrefix(line) == true, "\(result.errors)")
        #expect(result.output.isEmpty)
    }

    @Test(arguments: [(feedDemo, "usage: feed-demo"), (profileDemo, "usage: profile-demo")])
    func helpPrintsUsage(executable: URL, usage: String) async throws {
        let result = try await run(executable, ["--help"])
        #expect(result.status == 0)
        #expect(result.output.first?.hasPrefix(usage) == true)
    }

    @Test(.enabled(if: TerminalScreenTests.tmux != nil, "tmux is not installed (CI installs it)"))
    func feedDemoInATerminalLikesAtOnceAndQuits() async throws {
        let pane = try await TmuxPane(arguments: ["--fakes", "--latency", "50"], executable: Self.feedDemo)
        defer { pane.kill() }
        let first = try await pane.waitForScreen("the first page") { TerminalScreenTests.text($0).contains("1/20") }
        let heart = try #require(TerminalScreenTests.selectedHeart(first))
        try await pane.send("l")
        _ = try await pane.waitForScreen("the heart flipped") { TerminalScreenTests.selectedHeart($0).map { $0 != heart } ?? false }
        try await pane.send("q")
        #expect(try await pane.waitForExit() == "0")
        #expect(try pane.sttyBefore() == pane.sttyAfter())
    }

    @Test(.enabled(if: TerminalScreenTests.tmux != nil, "tmux is not installed (CI installs it)"))
    func profileDemoInATerminalShowsTheGridAndQuitsOnEscape() async throws {
        let pane = try await TmuxPane(arguments: ["--latency", "50"], executable: Self.profileDemo)
        defer { pane.kill() }
        _ = try await pane.waitForScreen("the grid") { screen in
            screen.first?.contains("@Ana") == true && screen.contains { $0.contains("p60.jpg") }
        }
        try await pane.send("Space")
        _ = try await pane.waitForScreen("the selected post liked") { TerminalScreenTests.text($0).contains("♥") }
        try await pane.send("Escape")
        #expect(try await pane.waitForExit() == "0")
        #expect(try pane.sttyBefore() == pane.sttyAfter())
    }
}
