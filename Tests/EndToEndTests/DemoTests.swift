import EndToEndTesting
import Foundation
import Testing
import TestingSupport

/// `feed-demo`, `profile-demo`, `likes-demo`, `store-demo` and `mastodon-demo`, each one feature built on its own: a
/// plain frame when stdout is not a terminal (the screens' demos; in a real terminal:
/// `TerminalScreenTests+Demos.swift`), every step as expected (the print-and-exit demos), usage
/// errors and help.
@Suite(.serialized, .heavy) struct DemoTests {
    static let feedDemo = FeedProcess.product("feed-demo")
    static let profileDemo = FeedProcess.product("profile-demo")
    static let likesDemo = FeedProcess.product("likes-demo")
    static let storeDemo = FeedProcess.product("store-demo")
    static let mastodonDemo = FeedProcess.product("mastodon-demo")

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

    @Test func likesDemoShowsEachLikeAtOnceAndWhatTheServerMadeOfIt() async throws {
        let result = try await run(Self.likesDemo, ["--latency", "0"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.isEmpty)
        #expect(result.output.contains("1. optimistic like: p1 ♡ 10 → ♥ 11 at once; the server saved it: ♥ 11"))
        #expect(result.output.contains("2. rollback: p2 ♡ 10 → ♥ 11 at once; the server refused it: back to ♡ 10"))
        #expect(result.output.contains { $0.hasPrefix("3. latest tap wins:") && $0.hasSuffix("3 taps superseded, 2 writes (like, unlike); ♡ 10") })
        #expect(result.output.contains("4. lost answer: p4's write landed but its answer was lost; read back: ♥ 11"))
        #expect(result.output.contains { $0.hasPrefix("   reopened (as the next start would): 2 waiting: p5 like") })
        #expect(result.output.contains("   back online, drained: 0 waiting; the server holds p5 ♥ 11, p6 ♥ 11"))
        #expect(result.output.last == "likes-demo: 5 of 5 steps came out as expected")
        let file = try #require(result.output.first { $0.hasPrefix("5. offline queue: ") }?.dropFirst("5. offline queue: ".count))
        #expect(!FileManager.default.fileExists(atPath: URL(fileURLWithPath: String(file)).deletingLastPathComponent().path), "the temporary directory is removed")
        #expect(!result.output.joined().contains("\u{1B}"))
    }

    @Test func storeDemoSavesPagesReadsThemBackAndSharesOnePostStore() async throws {
        let result = try await run(Self.storeDemo, ["--pages", "4"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.isEmpty)
        #expect(result.output.contains { $0.contains("4 pages of 20 arrived") && $0.hasSuffix("page 4 is past the cap of 3 pages and not saved") })
        #expect(result.output.contains("2. read back from the file opened again: 60 posts, p1…p60, the next page at cursor c3"))
        #expect(result.output.contains("   like p1: A ♥ 11, B ♥ 11 at once; the server saved it: A ♥ 11, B ♥ 11"))
        #expect(result.output.contains("   like p2: A ♥ 11, B ♥ 11 at once; the server refused it: back to A ♡ 10, B ♡ 10"))
        #expect(result.output.contains("4. the settled like saved: p1 ♥ 11 read back from the file"))
        #expect(result.output.last == "store-demo: 4 of 4 steps came out as expected")
        let file = try #require(result.output.first { $0.hasPrefix("1. saved pages: ") }?.dropFirst("1. saved pages: ".count))
        #expect(!FileManager.default.fileExists(atPath: URL(fileURLWithPath: String(file)).deletingLastPathComponent().path), "the temporary directory is removed")
    }

    @Test func mastodonDemoPagesTheReferenceServersDialectAndFavourites() async throws {
        let result = try await run(Self.mastodonDemo, [])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("1. page 1: 10 photo posts, the next below status 491"))
        #expect(result.output.contains { $0.hasPrefix("   favourite status 500: ♥ ") && $0.contains("(read back ♥), unfavourite: ♡ ") && $0.hasSuffix("(read back ♡)") })
        #expect(result.output.last == "mastodon-demo: 3 of 3 steps came out as expected")
        let wrong = try await run(Self.mastodonDemo, ["--server", "ftp://x"])
        #expect(wrong.status == 2 && wrong.errors.first?.hasPrefix("mastodon-demo: invalid value 'ftp://x' for --server") == true)
    }

    @Test func storeDemoKeepsItsFileWhenAsked() async throws {
        let result = try await run(Self.storeDemo, ["--pages", "1", "--keep"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("2. read back from the file opened again: 20 posts, p1…p20, no page after them"))
        let file = try #require(result.output.first { $0.hasPrefix("1. saved pages: ") }?.dropFirst("1. saved pages: ".count))
        let directory = URL(fileURLWithPath: String(file)).deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(FileManager.default.fileExists(atPath: String(file)))
    }

    @Test(arguments: [
        (feedDemo, ["--bogus"], "feed-demo: unknown option '--bogus'"),
        (feedDemo, ["--latency", "soon"], "feed-demo: invalid value 'soon' for --latency"),
        (profileDemo, ["--posts=-1"], "profile-demo: invalid value '-1' for --posts"),
        (profileDemo, ["extra"], "profile-demo: unexpected argument 'extra'"),
        (likesDemo, ["--latency", "soon"], "likes-demo: invalid value 'soon' for --latency"),
        (storeDemo, ["--pages", "0"], "store-demo: invalid value '0' for --pages"),
    ])
    func aBadArgumentPrintsOneLineAndExitsTwo(executable: URL, arguments: [String], line: String) async throws {
        let result = try await run(executable, arguments)
        #expect(result.status == 2)
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.hasPrefix(line) == true, "\(result.errors)")
        #expect(result.output.isEmpty)
    }

    @Test(arguments: [
        (feedDemo, "usage: feed-demo"), (profileDemo, "usage: profile-demo"), (likesDemo, "usage: likes-demo"), (storeDemo, "usage: store-demo"),
    ])
    func helpPrintsUsage(executable: URL, usage: String) async throws {
        let result = try await run(executable, ["--help"])
        #expect(result.status == 0)
        #expect(result.output.first?.hasPrefix(usage) == true)
    }
}
