import Foundation
import ImageCodec
import Testing
import TestingSupport

@testable import ImagePipeline

@Suite("ImagePipeline: hostile answers and a hostile cache directory")
struct HostileInputTests {
    let size = PixelSize(width: 16, height: 16)

    @Test("a 50 MB answer is refused as too large and kept nowhere")
    func fiftyMegabytes() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try PhotoServer()
        let url = server.serve("/huge.jpg", .init(body: Data(count: 50 << 20)))
        let pipeline = makePipeline(server, disk: directory.cache)
        await #expect(throws: ImageLoadError.tooLarge(limit: 8 << 20)) {
            try await pipeline.image(for: ImageRequest(url: url, size: size))
        }
        let metrics = pipeline.metrics()
        #expect(metrics.diskCount == 0 && metrics.memoryCount == 0 && metrics.failures == 1)
    }

    @Test("corrupt, truncated and zero-byte JPEGs fail, and are not kept on disk", arguments: ["corrupt", "truncated", "empty"])
    func undecodable(kind: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try PhotoServer()
        let body: Data = switch kind {
        case "corrupt": Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        case "truncated": TestPhotos.red.prefix(TestPhotos.red.count / 2)
        default: Data()
        }
        let url = server.serve("/bad.jpg", .init(body: body))
        let pipeline = makePipeline(server, disk: directory.cache)
        do {
            _ = try await pipeline.image(for: ImageRequest(url: url, size: size))
            Issue.record("a \(kind) JPEG decoded")
        } catch {
            guard case ImageLoadError.undecodable = error else {
                Issue.record("expected undecodable, got \(error)")
                return
            }
        }
        #expect(pipeline.metrics().diskCount == 0 && pipeline.metrics().failures == 1)
        // Asking again goes to the server again: nothing bad was cached.
        _ = try? await pipeline.image(for: ImageRequest(url: url, size: size))
        #expect(server.count("/bad.jpg") == 2)
    }

    @Test("a server error fails the load with the status; nothing is cached")
    func serverError() async throws {
        let server = try PhotoServer()
        let url = server.serve("/gone.jpg", .init(status: 404, body: Data()))
        let pipeline = makePipeline(server)
        await #expect(throws: ImageLoadError.network(.status(code: 404, message: nil))) {
            try await pipeline.image(for: ImageRequest(url: url, size: size))
        }
    }

    @Test("an invalid request fails at once without a download")
    func invalidRequest() async throws {
        let server = try PhotoServer()
        let pipeline = makePipeline(server)
        for request in [
            ImageRequest(url: URL(string: "file:///etc/passwd")!, size: size),
            ImageRequest(url: server.url("/x.jpg"), size: PixelSize(width: 0, height: 3)),
        ] {
            await #expect(throws: ImageLoadError.self) { try await pipeline.image(for: request) }
        }
        #expect(server.received.isEmpty)
    }

    @Test("corrupt files, symlinks, crash leftovers and foreign files in the cache never break the next start")
    func hostileDirectory() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try PhotoServer()
        let url = server.serve("/ok.jpg", .init(body: TestPhotos.green))
        let cache = directory.cache.path
        let manager = FileManager.default
        try manager.createDirectory(atPath: cache, withIntermediateDirectories: true)
        let secret = directory.url.appendingPathComponent("secret.txt").path
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: secret))
        // The photo's own file name holds garbage; another entry name is a symlink out; a
        // temporary file of a crash; a directory under an entry name; a file that is not ours.
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: "\(cache)/\(DiskEntry.fileName(for: url))"))
        try manager.createSymbolicLink(atPath: "\(cache)/00000000000000aa.img", withDestinationPath: secret)
        try Data("half".utf8).write(to: URL(fileURLWithPath: "\(cache)/.tmp-123"))
        try manager.createDirectory(atPath: "\(cache)/00000000000000bb.img", withIntermediateDirectories: false)
        try Data("notes".utf8).write(to: URL(fileURLWithPath: "\(cache)/notes.txt"))
        try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cache)

        let pipeline = makePipeline(server, disk: directory.cache)
        #expect(try await pipeline.image(for: ImageRequest(url: url, size: size)).dominant == "green")
        #expect(server.count("/ok.jpg") == 1, "the garbage file was a miss")
        let names = try manager.contentsOfDirectory(atPath: cache).sorted()
        #expect(names == [DiskEntry.fileName(for: url), "notes.txt"])
        #expect(try String(contentsOfFile: secret, encoding: .utf8) == "keep me", "the symlink's target is untouched")
        #expect(try Self.mode(cache) == 0o700)
        #expect(try Self.mode("\(cache)/\(DiskEntry.fileName(for: url))") == 0o600)
        // The stored photo is good for the next start.
        let restarted = makePipeline(server, disk: directory.cache)
        _ = try await restarted.image(for: ImageRequest(url: url, size: size))
        #expect(server.count("/ok.jpg") == 1 && restarted.metrics().diskHits == 1)
    }

    @Test("a cache directory that is a symlink is not used; photos still load, from memory only")
    func symlinkedDirectory() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try PhotoServer()
        let url = server.serve("/ok.jpg", .init(body: TestPhotos.green))
        let elsewhere = directory.url.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let link = directory.url.appendingPathComponent("images")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: elsewhere)
        let pipeline = makePipeline(server, disk: link)
        #expect(try await pipeline.image(for: ImageRequest(url: url, size: size)).dominant == "green")
        let metrics = pipeline.metrics()
        #expect(metrics.diskCount == 0 && metrics.diskProblem?.contains("cannot be used") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    static func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
    }
}
