import Foundation
import ImageCodec
import Networking
import Testing
import TestingSupport

@testable import ImagePipeline

/// A photo as a file of its own for a viewer (`ImagePipeline.originalFile`): through the disk
/// cache, one download however many ask, a private file that nothing planted can redirect.
@Suite("ImagePipeline: a photo's own file (real files, real HTTP on loopback)")
struct OriginalFileTests {
    private func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode : 0
    }

    @Test("the file holds the photo's bytes in a private directory; the second time it comes from the disk cache")
    func writtenPrivatelyAndServedFromTheDiskTheSecondTime() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try PhotoServer()
        let url = server.serve("/full/p1.jpg", .init(body: TestPhotos.red))
        let pipeline = makePipeline(server, disk: directory.cache)
        let file = try await pipeline.originalFile(for: url)
        #expect(try Data(contentsOf: file) == TestPhotos.red)
        #expect(file.deletingLastPathComponent().path == directory.cache.appendingPathComponent("originals").path)
        #expect(file.lastPathComponent == String(DiskEntry.fileName(for: url).dropLast(4)) + ".jpg")
        #expect(mode(file.deletingLastPathComponent().path) & 0o777 == 0o700)
        #expect(mode(file.path) & 0o777 == 0o600)

        let again = try await pipeline.originalFile(for: url)
        #expect(again == file)
        #expect(try Data(contentsOf: again) == TestPhotos.red)
        #expect(server.count("/full/p1.jpg") == 1, "not downloaded again")
        #expect(pipeline.metrics().diskHits == 1 && pipeline.metrics().downloads == 1)
    }

    @Test("a PNG is written as .png; bytes that are neither JPEG nor PNG are never written")
    func onlyJPEGOrPNG() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try PhotoServer()
        let png = PNGEncoder.encode(RGBImage(width: 4, height: 4, red: 1, green: 2, blue: 3))
        let pipeline = makePipeline(server, disk: directory.cache)
        let file = try await pipeline.originalFile(for: server.serve("/p.png", .init(body: png, contentType: "image/png")))
        #expect(file.pathExtension == "png")
        #expect(try Data(contentsOf: file) == png)
        let script = server.serve("/evil.jpg", .init(body: Data("#!/bin/sh\nrm -rf ~\n".utf8)))
        await #expect(throws: ImageLoadError.undecodable(.unsupportedFormat)) { try await pipeline.originalFile(for: script) }
        #expect(pipeline.originalFiles.names == [file.lastPathComponent])
    }

    @Test("twenty calls at once for one photo download it once and get one file")
    func twentyCallsDownloadOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try PhotoServer()
        let gate = Gate()
        let url = server.serve("/slow.jpg", .init(body: TestPhotos.blue, gate: gate))
        let pipeline = makePipeline(server, disk: directory.cache)
        let files = try await withThrowingTaskGroup(of: URL.self) { group in
            for _ in 0..<20 { group.addTask { try await pipeline.originalFile(for: url) } }
            #expect(await eventually { server.count("/slow.jpg") == 1 })
            await gate.open()
            return try await group.reduce(into: [URL]()) { $0.append($1) }
        }
        #expect(Set(files).count == 1 && files.count == 20)
        #expect(server.count("/slow.jpg") == 1)
    }

    @Test("a photo the screen is downloading is not downloaded a second time for its file")
    func sharesTheRowsDownload() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try PhotoServer()
        let gate = Gate()
        let url = server.serve("/shared.jpg", .init(body: TestPhotos.green, gate: gate))
        let pipeline = makePipeline(server, disk: directory.cache)
        async let image = pipeline.image(for: ImageRequest(url: url, size: PixelSize(width: 8, height: 8)))
        #expect(await eventually { server.count("/shared.jpg") == 1 })
        async let file = pipeline.originalFile(for: url)
        await gate.open()
        _ = try await (image, file)
        #expect(server.count("/shared.jpg") == 1)
    }

    @Test("a symlink planted at the file's name is replaced, never followed; a planted directory is removed")
    func aPlantedSymlinkIsReplaced() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try PhotoServer()
        let url = server.serve("/p.jpg", .init(body: TestPhotos.red))
        let pipeline = makePipeline(server, disk: directory.cache)
        let file = try await pipeline.originalFile(for: url)
        let victim = directory.url.appendingPathComponent("victim")
        try Data("keep me".utf8).write(to: victim)
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: victim)

        let again = try await pipeline.originalFile(for: url)
        #expect(again == file)
        #expect(mode(file.path) & S_IFMT == S_IFREG, "a regular file again, not the link")
        #expect(try Data(contentsOf: victim) == Data("keep me".utf8), "the link's target is untouched")
        #expect(try Data(contentsOf: file) == TestPhotos.red)

        try FileManager.default.removeItem(at: file)
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        _ = try await pipeline.originalFile(for: url)
        #expect(mode(file.path) & S_IFMT == S_IFREG)
    }

    @Test("a symlink planted as the directory itself is refused: nothing is written through it")
    func aPlantedDirectorySymlinkIsRefused() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try PhotoServer()
        let elsewhere = directory.url.appendingPathComponent("elsewhere", isDirectory: true)
        try FileManager.default.createDirectory(at: directory.cache, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: directory.cache.appendingPathComponent("originals"), withDestinationURL: elsewhere)
        let pipeline = makePipeline(server, disk: directory.cache)
        let url = server.serve("/p.jpg", .init(body: TestPhotos.red))
        await #expect {
            try await pipeline.originalFile(for: url)
        } throws: { error in
            guard case .notStored(let reason) = error as? ImageLoadError else { return false }
            return reason.contains("cannot be used")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    @Test("a missing photo, one too large and no disk cache are errors, and nothing is written")
    func failures() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try PhotoServer()
        let pipeline = makePipeline(server, disk: directory.cache, maxPhotoBytes: 64 << 10)
        await #expect {
            try await pipeline.originalFile(for: server.url("/missing.jpg"))
        } throws: { error in
            guard case .network(.status(code: 404, _)) = error as? ImageLoadError else { return false }
            return true
        }
        let huge = server.serve("/huge.jpg", .init(body: TestPhotos.red + Data(count: 128 << 10)))
        await #expect(throws: ImageLoadError.tooLarge(limit: 64 << 10)) { try await pipeline.originalFile(for: huge) }
        #expect(pipeline.originalFiles.names.isEmpty)

        let memoryOnly = makePipeline(server)
        let photo = server.serve("/p.jpg", .init(body: TestPhotos.red))
        await #expect(throws: ImageLoadError.notStored("photos are kept in memory only (no disk cache)")) {
            try await memoryOnly.originalFile(for: photo)
        }
        #expect(server.count("/p.jpg") == 0, "nothing downloaded for a file that cannot be kept")
    }

    @Test("only the newest files stay; logout removes them all")
    func keepsTheNewestAndLogoutRemovesAll() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try PhotoServer()
        let client = HTTPTransportClient(configuration: HTTPClientConfiguration(baseURL: server.baseURL, retry: .none))
        let pipeline = ImagePipeline(configuration: ImagePipelineConfiguration(diskDirectory: directory.cache, originalFileLimit: 2), client: client)
        var files: [URL] = []
        for name in ["a", "b", "c"] {
            files.append(try await pipeline.originalFile(for: server.serve("/\(name).jpg", .init(body: TestPhotos.red))))
        }
        #expect(pipeline.originalFiles.names == files.suffix(2).map(\.lastPathComponent).sorted())
        await pipeline.removeAll()
        #expect(pipeline.originalFiles.names.isEmpty)
        #expect(FileManager.default.fileExists(atPath: directory.cache.appendingPathComponent("originals").path))
    }

    @Test("logout while a file is being made: the caller hears it was cancelled and no file stays")
    func logoutCancelsAFileBeingMade() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try PhotoServer()
        let gate = Gate()
        let url = server.serve("/held.jpg", .init(body: TestPhotos.red, gate: gate))
        let pipeline = makePipeline(server, disk: directory.cache)
        let file = Task { try await pipeline.originalFile(for: url) }
        #expect(await eventually { server.count("/held.jpg") == 1 })
        await pipeline.removeAll()
        await gate.open()
        await #expect(throws: ImageLoadError.cancelled) { try await file.value }
        #expect(pipeline.originalFiles.names.isEmpty)
    }

    @Test("the original is the narrowest rendition at least the photo's width, else the address without w")
    func originalAddress() {
        let base = URL(string: "https://img.example/p1.jpg?w=300&sig=abc")!
        let renditions = [150, 600, 1600, 2000].map { PhotoRendition(width: $0, url: URL(string: "https://cdn.example/p1-\($0).jpg")!) }
        #expect(PhotoURL.original(width: 1600, renditions: renditions, fallback: base).absoluteString == "https://cdn.example/p1-1600.jpg")
        #expect(PhotoURL.original(width: 4000, renditions: renditions, fallback: base).absoluteString == "https://img.example/p1.jpg?sig=abc")
        #expect(PhotoURL.original(width: 800, renditions: [], fallback: URL(string: "https://img.example/p1.jpg?w=150")!).absoluteString == "https://img.example/p1.jpg")
        #expect(PhotoURL.original(width: 0, renditions: renditions, fallback: base).absoluteString == "https://cdn.example/p1-2000.jpg")
        let ftp = [PhotoRendition(width: 4000, url: URL(string: "ftp://cdn.example/p1.jpg")!)]
        #expect(PhotoURL.original(width: 800, renditions: ftp, fallback: base).absoluteString == "https://img.example/p1.jpg?sig=abc")
    }
}
