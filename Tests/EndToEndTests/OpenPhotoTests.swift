import EndToEndTesting
import FeedServer
import Foundation
import LoopbackTesting
import Testing
import TestingSupport

/// `o` opens the selected post's photo at full size in the system's viewer: `FEED_VIEWER` (here a
/// script that keeps a copy of what it was handed), through the disk cache, with `--photos off`
/// too; without a viewer the title line says so. Headless `original ID` answers the file's path.
@Suite(.serialized, .heavy) struct OpenPhotoTests {
    /// The server's photo at full size, as a client downloads it.
    private static func original(_ server: TestServer, _ id: String) async throws -> [UInt8] {
        let port = server.port
        return try await onOwnThread {
            let reply = try RawClient(port: port).request("GET", "/v1/photos/\(id).jpg")
            guard reply.status == 200 else { throw FeedProcessError.timedOut("the photo of \(id) answered \(reply.status)") }
            return reply.body
        }
    }

    private static func photoRequests(_ server: TestServer) -> Int { server.server.stats().count("GET /v1/photos/{id}.jpg") }

    /// A viewer script in a new directory: each run N keeps `copy-N` of the file it was handed and
    /// writes `record-N` (the file's size and path) last.
    private static func viewerScript() throws -> (script: URL, directory: URL) {
        let directory = TemporaryDirectory.make("feed-e2e-viewer")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = directory.appendingPathComponent("viewer")
        try """
            #!/bin/sh
            dir=$(dirname "$0")
            n=$(( $(cat "$dir/count" 2>/dev/null || echo 0) + 1 ))
            echo $n > "$dir/count"
            cp "$1" "$dir/copy-$n"
            printf '%s %s\\n' "$(wc -c < "$1")" "$1" > "$dir/record-$n.tmp" && mv "$dir/record-$n.tmp" "$dir/record-$n"
            """.write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        return (script, directory)
    }

    @Test(.enabled(if: TerminalScreenTests.tmux != nil, "tmux is not installed (CI installs it)"))
    func oOpensTheOriginalInFEED_VIEWERAndTheSecondTimeFromTheDiskCache() async throws {
        let server = try TestServer()
        let (script, directory) = try Self.viewerScript()
        // --photos off (the tests' default): o opens the photo all the same.
        let pane = try await TmuxPane(arguments: ["--server", server.url], environment: ["FEED_VIEWER": script.path])
        defer { pane.kill() }
        let first = try await pane.waitForScreen("the first page") { TerminalScreenTests.text($0).contains("1/20") }
        let id = try #require(RefreshKeepsTheReaderSafeTests.selectedPost(first))
        #expect(Self.photoRequests(server) == 0)

        try await pane.send("o")
        func record(_ number: Int) async throws -> (size: Int, path: String) {
            let url = directory.appendingPathComponent("record-\(number)")
            let line = try await pane.waitFor("the viewer's record \(number)") { try? String(contentsOf: url, encoding: .utf8) }
            let parts = line.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ", maxSplits: 1)
            return (Int(parts.first ?? "") ?? -1, parts.count > 1 ? String(parts[1]) : "")
        }
        let opened = try await record(1)
        #expect(opened.path.hasSuffix(".jpg") && opened.path.contains("/images/originals/"), "\(opened.path)")
        _ = try await pane.waitForScreen("the title line free again") { !TerminalScreenTests.text($0).contains("Opening the photo") }
        #expect(Self.photoRequests(server) == 1)

        try await pane.send("o")
        let again = try await record(2)
        #expect(again.path == opened.path)
        #expect(Self.photoRequests(server) == 1, "the second time from the disk cache")

        let served = try await Self.original(server, id)
        let copy = try Data(contentsOf: directory.appendingPathComponent("copy-1"))
        #expect(opened.size == served.count && copy.count == served.count)
        #expect(Array(copy) == served, "the viewer was handed the server's photo at full size")
        try await pane.send("q")
        #expect(try await pane.waitForExit() == "0")
        #expect(try pane.sttyBefore() == pane.sttyAfter())
    }

    @Test(.enabled(if: TerminalScreenTests.tmux != nil, "tmux is not installed (CI installs it)"))
    func withoutAViewerOShowsOneLineAndDownloadsNothing() async throws {
        let server = try TestServer()
        let emptyPath = TemporaryDirectory.make("feed-e2e-path")
        try FileManager.default.createDirectory(at: emptyPath, withIntermediateDirectories: true)
        let pane = try await TmuxPane(arguments: ["--server", server.url], environment: ["FEED_VIEWER": "", "PATH": emptyPath.path])
        defer { pane.kill() }
        _ = try await pane.waitForScreen("the first page") { TerminalScreenTests.text($0).contains("1/20") }
        try await pane.send("o")
        let screen = try await pane.waitForScreen("the missing viewer's line") { $0.first?.contains("No photo viewer: set FEED_VIEWER or install xdg-open") == true }
        #expect(screen.first?.hasSuffix("1/20") == true, "one line, the title's status beside it")
        #expect(Self.photoRequests(server) == 0)
        try await pane.send("?")
        _ = try await pane.waitForScreen("o in the help") { TerminalScreenTests.text($0).contains("open the photo in the system viewer") }
        try await pane.send("q")
        #expect(try await pane.waitForExit() == "0")
    }

    @Test func headlessOriginalAnswersTheFilesPath() async throws {
        let server = try TestServer()
        let feed = try server.headless(.off, ["--data-dir", TemporaryDirectory.make().path])
        _ = try await feed.send("open")
        let loaded = try await feed.send("settle")
        let id = try #require(Headless.ids(loaded).first)
        let answer = try await feed.send("original \(id)")
        let path = try #require(answer["original"] as? String, "\(answer)")
        #expect(Headless.ids(answer) == Headless.ids(loaded), "the state as ever, with the file")
        #expect(try await feed.send("original \(id)")["original"] as? String == path)
        #expect(Self.photoRequests(server) == 1, "the second time from the disk cache")
        let unknown = try await feed.send("original p999999")
        #expect((unknown["error"] as? String)?.hasPrefix("unknown post 'p999999'") == true)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == (try await Self.original(server, id)))
        #expect(try await feed.finish() == 0)
    }
}
