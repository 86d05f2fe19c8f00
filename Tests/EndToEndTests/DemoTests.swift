import Foundation
import Testing
import TestingSupport

/// `feed-demo` and `profile-demo`, each one feature built on its own: a plain frame when stdout is
/// not a terminal, usage errors and help (in a real terminal: `TerminalScreenTests+Demos.swift`).
@Suite(.serialized, .heavy) struct DemoTests {
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
}
