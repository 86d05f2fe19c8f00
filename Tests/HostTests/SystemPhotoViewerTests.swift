import FeedInterface
import Foundation
import HTTPServer
import ImagePipeline
import Networking
import Synchronization
import Testing
import TestingSupport
@testable import Host

/// A loopback server of photos for the viewer's tests: counts requests by path, can hold a path's
/// answers until the test lets them go.
private final class OriginalsServer: Sendable {
    private final class Shared: Sendable {
        let counts = Mutex<[String: Int]>([:])
        let held = Mutex<Set<String>>([])
        let gate = Gate()
    }

    /// A JPEG's first bytes and some more: only the format is looked at on the way to a file.
    static let photo = Data([0xFF, 0xD8, 0xFF, 0xE0] + (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    private let shared = Shared()
    private let server: HTTPServer
    let base: URL

    init(bodies: [String: Data] = ["/p1.jpg": photo]) throws {
        let shared = shared
        server = HTTPServer(port: 0, log: nil) { request in
            shared.counts.withLock { $0[request.path, default: 0] += 1 }
            if shared.held.withLock({ $0.contains(request.path) }) { await shared.gate.wait() }
            guard let body = bodies[request.path] else { return HTTPServerResponse(status: 404, body: Data("no such photo".utf8)) }
            return HTTPServerResponse(status: 200, headers: [("Content-Type", "image/jpeg"), ("Cache-Control", "max-age=3600")], body: body)
        }
        base = URL(string: "http://127.0.0.1:\(try server.start())")!
    }

    deinit {
        let gate = shared.gate
        Task { await gate.open() }
        server.stop()
    }

    func count(_ path: String) -> Int { shared.counts.withLock { $0[path] ?? 0 } }
    func hold(_ path: String) { shared.held.withLock { _ = $0.insert(path) } }
    func release() async { await shared.gate.open() }

    /// A row whose photo (and its original: no renditions) is `path` here.
    func row(_ path: String = "/p1.jpg") -> PostRow {
        let post = Post(
            id: PostID("p1"), author: Author(id: "u1", name: "Ana"), caption: "",
            image: ImageRef(url: base.appendingPathComponent(String(path.dropFirst())).appending(queryItems: [URLQueryItem(name: "w", value: "300")]), width: 1200, height: 900),
            likeCount: 1, like: .notLiked)
        return PostRow(post: post)
    }
}

/// A directory for one test: its scripts, its records and the photos' disk cache, removed at the end.
private struct Sandbox {
    let url: URL

    init() throws {
        // Spaces, quotes and a command substitution in the path the viewer is handed: no shell may parse it.
        url = FileManager.default.temporaryDirectory.appendingPathComponent("viewer $(touch pwned) 'q' \(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var cache: URL { url.appendingPathComponent("images", isDirectory: true) }
    var record: URL { url.appendingPathComponent("record") }

    /// Writes an executable script `name` with `body` after `#!/bin/sh`; returns its path.
    @discardableResult
    func script(_ name: String, _ body: String, in folder: String = "bin") throws -> String {
        let directory = url.appendingPathComponent(folder, isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(name)
        try ("#!/bin/sh\n" + body + "\n").write(to: file, atomically: true, encoding: .utf8)
        chmod(file.path, 0o755)
        return file.path
    }

    /// `path` quoted for a shell command line (FEED_VIEWER).
    func quoted(_ path: String) -> String { "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// The system viewer behind `o`: the photo's file through the disk cache, then FEED_VIEWER or
/// xdg-open started apart from the terminal; every way it can fail is one line.
@Suite struct SystemPhotoViewerTests {
    /// A viewer over `server`'s photos. `grace` is long by default: a viewer that ends is answered
    /// when it ends, and one that fails is never taken for one still running on a loaded box.
    private func viewer(
        _ server: OriginalsServer, _ sandbox: Sandbox, environment: [String: String], timeout: Duration = .seconds(10), grace: Duration = .seconds(60)
    ) -> SystemPhotoViewer {
        let client = HTTPTransportClient(configuration: HTTPClientConfiguration(baseURL: server.base, timeout: timeout, retry: .none, totalDeadline: timeout))
        let cache = sandbox.cache
        return SystemPhotoViewer(environment: environment, grace: grace) {
            ImagePipeline(configuration: ImagePipelineConfiguration(memoryLimitBytes: 0, diskDirectory: cache), client: client)
        }
    }

    /// The record a viewer script wrote (its argument, then the file's size), once it is there.
    private func record(_ sandbox: Sandbox) async -> [String]? {
        guard await eventually(within: .seconds(20), { FileManager.default.fileExists(atPath: sandbox.record.path) }) else { return nil }
        return (try? String(contentsOf: sandbox.record, encoding: .utf8))?.split(separator: "\n").map(String.init)
    }

    @Test func feedViewerGetsThePhotosFileAsOneArgumentNeverParsed() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try OriginalsServer()
        let script = try sandbox.script("viewer", #"printf '%s\n%s\n' "$1" "$(wc -c < "$1")" > "$0.tmp" && mv "$0.tmp" "${0%/bin/viewer}/record""#)
        let viewer = viewer(server, sandbox, environment: ["FEED_VIEWER": sandbox.quoted(script), "PATH": "/usr/bin:/bin"])
        #expect(await viewer.open(server.row()) == nil)
        let lines = try #require(await record(sandbox))
        let file = try #require(lines.first)
        #expect(file.hasPrefix(sandbox.cache.appendingPathComponent("originals").path + "/") && file.hasSuffix(".jpg"))
        #expect(lines.last?.trimmingCharacters(in: .whitespaces) == "\(OriginalsServer.photo.count)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == OriginalsServer.photo)
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/pwned"), "no shell ran the path")
        #expect(!FileManager.default.fileExists(atPath: sandbox.url.appendingPathComponent("pwned").path))
        #expect(server.count("/p1.jpg") == 1, "the original: the address without ?w=")

        try FileManager.default.removeItem(at: sandbox.record)
        #expect(await viewer.open(server.row()) == nil)
        #expect(await record(sandbox)?.first == file)
        #expect(server.count("/p1.jpg") == 1, "the second time from the disk cache")
    }

    @Test func theViewerNeverInheritsTheMastodonToken() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try OriginalsServer()
        let script = try sandbox.script("viewer", #"printf '%s\n%s\n' "token=${FEED_TOKEN-unset}" "path=$PATH" > "$0.tmp" && mv "$0.tmp" "${0%/bin/viewer}/record""#)
        let viewer = viewer(server, sandbox, environment: ["FEED_VIEWER": sandbox.quoted(script), "PATH": "/usr/bin:/bin", "FEED_TOKEN": "secret"])
        #expect(await viewer.open(server.row()) == nil)
        #expect(await record(sandbox) == ["token=unset", "path=/usr/bin:/bin"])
    }

    @Test func withoutFEED_VIEWERXdgOpenIsFoundOnPATH() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try OriginalsServer()
        try sandbox.script("xdg-open", #"printf '%s\n%s\n' "$1" "$(wc -c < "$1")" > "$0.tmp" && mv "$0.tmp" "${0%/bin/xdg-open}/record""#)
        let path = "relative/bin:/nonexistent:" + sandbox.url.appendingPathComponent("bin").path + ":/usr/bin:/bin"
        let viewer = viewer(server, sandbox, environment: ["PATH": path, "FEED_VIEWER": "  "])
        #expect(viewer.viewer()?.name == "xdg-open")
        #expect(await viewer.open(server.row()) == nil)
        #expect(await record(sandbox)?.last?.trimmingCharacters(in: .whitespaces) == "\(OriginalsServer.photo.count)")
    }

    @Test func noViewerIsOneLineAndNothingIsDownloaded() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try OriginalsServer()
        // An xdg-open that is not executable does not count.
        let notExecutable = sandbox.url.appendingPathComponent("bin/xdg-open")
        try FileManager.default.createDirectory(at: notExecutable.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("#!/bin/sh\n".utf8).write(to: notExecutable)
        let viewer = viewer(server, sandbox, environment: ["PATH": notExecutable.deletingLastPathComponent().path])
        #expect(await viewer.open(server.row()) == "No photo viewer: set FEED_VIEWER or install xdg-open")
        #expect(server.count("/p1.jpg") == 0)
    }

    @Test func aViewerThatFailsAtOnceIsOneLine() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try OriginalsServer()
        let missing = viewer(server, sandbox, environment: ["FEED_VIEWER": "/nonexistent/photo-viewer", "PATH": "/usr/bin:/bin"])
        let notFound = await missing.open(server.row())
        #expect(notFound == "FEED_VIEWER: command not found")
        let failing = viewer(server, sandbox, environment: ["FEED_VIEWER": "exit 4;", "PATH": "/usr/bin:/bin"])
        let failed = await failing.open(server.row())
        #expect(failed == "FEED_VIEWER could not open the photo (exit 4)")
        try sandbox.script("xdg-open", "exit 3")
        let noHandler = viewer(server, sandbox, environment: ["PATH": sandbox.url.appendingPathComponent("bin").path])
        let unhandled = await noHandler.open(server.row())
        #expect(unhandled == "xdg-open found no program for photos (exit 3)")
    }

    @Test func aViewerThatNeverExitsIsLeftRunningAndReapedWhenItEnds() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try OriginalsServer()
        let pidFile = sandbox.url.appendingPathComponent("pid")
        let script = try sandbox.script("viewer", "echo $$ > \(sandbox.quoted(pidFile.path)).tmp; mv \(sandbox.quoted(pidFile.path)).tmp \(sandbox.quoted(pidFile.path)); exec sleep 600")
        let viewer = viewer(server, sandbox, environment: ["FEED_VIEWER": sandbox.quoted(script), "PATH": "/usr/bin:/bin"], grace: .milliseconds(500))
        func viewerPID() -> Int32? {
            (try? String(contentsOf: pidFile, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        // However the test ends, the viewer does not outlive it.
        defer { if let pid = viewerPID() { kill(pid, SIGKILL) } }
        #expect(await viewer.open(server.row()) == nil, "still running after the grace: it shows the photo")
        #expect(await eventually(within: .seconds(10)) { viewerPID() != nil })
        let pid = try #require(viewerPID())
        // open returned while the viewer (600 s of sleep) still runs: it does not wait for the viewer to exit.
        #expect(kill(pid, 0) == 0, "the viewer runs")
        // SIGTERM ends it: feed's ignored signals are not the viewer's. Then nothing of it stays, not even a zombie.
        kill(pid, SIGTERM)
        #expect(await eventually(within: .seconds(10)) { !FileManager.default.fileExists(atPath: "/proc/\(pid)") })
    }

    @Test func downloadFailuresAreOneLineAndNoViewerRuns() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try OriginalsServer(bodies: ["/huge.jpg": OriginalsServer.photo + Data(count: 9 << 20), "/page.jpg": Data("<html>".utf8)])
        let script = try sandbox.script("viewer", "touch \(sandbox.quoted(sandbox.record.path))")
        let viewer = viewer(server, sandbox, environment: ["FEED_VIEWER": sandbox.quoted(script)])
        let gone = await viewer.open(server.row("/gone.jpg"))
        #expect(gone == "Couldn't download the photo: the server answered 404")
        let huge = await viewer.open(server.row("/huge.jpg"))
        #expect(huge == "The photo is larger than 8 MB: not opened")
        let page = await viewer.open(server.row("/page.jpg"))
        #expect(page == "The photo is not a JPEG or PNG: not opened")
        // Only the held photo meets the short timeout: the answers above may be slow on a loaded box.
        server.hold("/p1.jpg")
        let held = await self.viewer(server, sandbox, environment: ["FEED_VIEWER": sandbox.quoted(script)], timeout: .seconds(1)).open(server.row())
        #expect(held == "Couldn't download the photo: the server did not answer within 1 s")
        await server.release()
        #expect(!FileManager.default.fileExists(atPath: sandbox.record.path), "no viewer ran")
    }

    @Test func twentyOpensAtOnceDownloadThePhotoOnce() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try OriginalsServer()
        let viewer = viewer(server, sandbox, environment: ["FEED_VIEWER": "true", "PATH": "/usr/bin:/bin"])
        server.hold("/p1.jpg")
        let row = server.row()
        async let answers = withTaskGroup(of: String?.self) { group in
            for _ in 0..<20 { group.addTask { await viewer.open(row) } }
            return await group.reduce(into: [String?]()) { $0.append($1) }
        }
        #expect(await eventually { server.count("/p1.jpg") == 1 })
        await server.release()
        #expect(await answers.allSatisfy { $0 == nil })
        #expect(server.count("/p1.jpg") == 1)
    }
}
