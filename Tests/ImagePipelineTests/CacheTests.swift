import Foundation
import ImageCodec
import Synchronization
import Testing
import TestingSupport

@testable import ImagePipeline

@Suite("ImagePipeline: memory and disk caches (real files, real HTTP on loopback)")
struct CacheTests {
    let size = PixelSize(width: 16, height: 16)

    @Test("memory never goes above its limit while 1,000 different photos load")
    func memoryLimit() async throws {
        let server = try PhotoServer()
        let photo = TestPhotos.jpeg(red: 90, green: 90, blue: 200, width: 32, height: 32)
        let limit = 20_000  // 26 images of 16×16×3 = 768 bytes
        let pipeline = makePipeline(server, memory: limit, downloads: 6)
        let highest = Highest()
        for batch in 0..<50 {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in batch * 20..<(batch + 1) * 20 {
                    let url = server.serve("/m/\(index).jpg", .init(body: photo))
                    group.addTask {
                        let image = try await pipeline.image(for: ImageRequest(url: url, size: size))
                        #expect(image.size == size)
                        let bytes = pipeline.metrics().memoryBytes
                        highest.value.withLock { $0 = max($0, bytes) }
                    }
                }
                try await group.waitForAll()
            }
            #expect(pipeline.metrics().memoryBytes <= limit)
        }
        let metrics = pipeline.metrics()
        #expect(highest.value.withLock { $0 } <= limit)
        #expect(metrics.memoryBytes > limit - 768 && metrics.memoryCount == limit / 768)
        #expect(metrics.downloads == 1000 && metrics.memoryLimitBytes == limit)
    }

    @Test("the disk keeps its cap, evicting the least recently used file; the order survives a restart")
    func diskCapAndLRU() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try PhotoServer()
        let body = TestPhotos.jpeg(red: 10, green: 200, blue: 10, width: 24, height: 24)
        let urls = ["a", "b", "c", "d"].map { server.serve("/\($0).jpg", .init(body: body)) }
        let fileSize = try #require(DiskEntry(url: urls[0], storedAt: Date(), policy: CachePolicy(maxAge: 3600), body: body).encoded()).count
        // Three files fit, four do not. Memory is off, so every load reads the disk.
        let pipeline = makePipeline(server, memory: 0, disk: directory.cache, diskLimit: fileSize * 3 + fileSize / 2)
        for url in urls.prefix(3) { _ = try await pipeline.image(for: ImageRequest(url: url, size: size)) }
        #expect(pipeline.metrics().diskCount == 3)
        _ = try await pipeline.image(for: ImageRequest(url: urls[0], size: size))  // "a" is used again
        _ = try await pipeline.image(for: ImageRequest(url: urls[3], size: size))  // "d" pushes out "b"
        let names = urls.map { DiskEntry.fileName(for: $0) }
        let expected = [names[2], names[0], names[3]]
        #expect(pipeline.diskCache?.namesOldestFirst == expected)
        #expect(pipeline.metrics().diskBytes <= fileSize * 3 + fileSize / 2)
        #expect(server.count("/a.jpg") == 1 && pipeline.metrics().diskHits == 1)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.cache.path).sorted()
        #expect(files == expected.sorted())
        // A restart rebuilds the same order from the files alone.
        let restarted = makePipeline(server, memory: 0, disk: directory.cache, diskLimit: fileSize * 3 + fileSize / 2)
        _ = try await restarted.image(for: ImageRequest(url: urls[2], size: size))
        #expect(restarted.diskCache?.namesOldestFirst == [names[0], names[3], names[2]])
        #expect(server.count("/c.jpg") == 1)
        _ = try await restarted.image(for: ImageRequest(url: urls[1], size: size))
        #expect(server.count("/b.jpg") == 2, "b was evicted, so it is downloaded again")
    }

    @Test("a stale copy is revalidated with If-None-Match; 304 reuses it, also after a restart")
    func revalidation() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try PhotoServer()
        let url = server.serve("/r.jpg", .init(body: TestPhotos.red, headers: [("Cache-Control", "max-age=0")], etag: "\"v1\""))
        let pipeline = makePipeline(server, disk: directory.cache)
        _ = try await pipeline.image(for: ImageRequest(url: url, size: size))
        // Another size misses memory; the disk copy is stale, so the server is asked.
        let other = try await pipeline.image(for: ImageRequest(url: url, size: PixelSize(width: 4, height: 4)))
        #expect(other.dominant == "red")
        #expect(server.received.map(\.ifNoneMatch) == [nil, "\"v1\""])
        #expect(pipeline.metrics().notModified == 1 && pipeline.metrics().downloads == 2)
        let restarted = makePipeline(server, disk: directory.cache)
        #expect(try await restarted.image(for: ImageRequest(url: url, size: size)).dominant == "red")
        #expect(server.received.map(\.ifNoneMatch) == [nil, "\"v1\"", "\"v1\""])
        #expect(restarted.metrics().notModified == 1)
    }

    @Test("max-age decides freshness: a fresh copy needs no request, a stale one is fetched again")
    func freshness() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try PhotoServer()
        let url = server.serve("/f.jpg", .init(body: TestPhotos.blue, headers: [("Cache-Control", "public, max-age=60")]))
        let clock = Mutex(Date())
        let now: @Sendable () -> Date = { clock.withLock { $0 } }
        _ = try await makePipeline(server, disk: directory.cache, now: now).image(for: ImageRequest(url: url, size: size))
        let second = makePipeline(server, disk: directory.cache, now: now)
        _ = try await second.image(for: ImageRequest(url: url, size: size))
        #expect(server.count("/f.jpg") == 1 && second.metrics().diskHits == 1)
        clock.withLock { $0 += 61 }
        let third = makePipeline(server, disk: directory.cache, now: now)
        _ = try await third.image(for: ImageRequest(url: url, size: size))
        #expect(server.count("/f.jpg") == 2 && third.metrics().diskHits == 0)
    }

    @Test("no-store keeps the photo off the disk")
    func noStore() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try PhotoServer()
        let url = server.serve("/n.jpg", .init(body: TestPhotos.green, headers: [("Cache-Control", "no-store")]))
        let pipeline = makePipeline(server, disk: directory.cache)
        #expect(try await pipeline.image(for: ImageRequest(url: url, size: size)).dominant == "green")
        #expect(pipeline.metrics().diskCount == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.cache.path).isEmpty)
    }

    @Test("removeAll empties memory and disk; the next load downloads again")
    func removeAll() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try PhotoServer()
        let urls = (0..<3).map { server.serve("/x\($0).jpg", .init(body: TestPhotos.red)) }
        let pipeline = makePipeline(server, disk: directory.cache)
        for url in urls { _ = try await pipeline.image(for: ImageRequest(url: url, size: size)) }
        #expect(pipeline.metrics().memoryCount == 3 && pipeline.metrics().diskCount == 3)
        await pipeline.removeAll()
        let metrics = pipeline.metrics()
        #expect(metrics.memoryBytes == 0 && metrics.memoryCount == 0 && metrics.diskBytes == 0 && metrics.diskCount == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.cache.path).isEmpty)
        #expect(pipeline.cachedImage(for: ImageRequest(url: urls[0], size: size)) == nil)
        _ = try await pipeline.image(for: ImageRequest(url: urls[0], size: size))
        #expect(server.count("/x0.jpg") == 2)
        // And a new process finds nothing either.
        await pipeline.removeAll()
        _ = try await makePipeline(server, disk: directory.cache).image(for: ImageRequest(url: urls[1], size: size))
        #expect(server.count("/x1.jpg") == 2)
    }

    @Test("a load under way during removeAll is cancelled and leaves nothing behind")
    func removeAllDuringLoad() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try PhotoServer()
        let gate = Gate()
        let url = server.serve("/late.jpg", .init(body: TestPhotos.red, gate: gate))
        let pipeline = makePipeline(server, disk: directory.cache)
        let task = Task { try await pipeline.image(for: ImageRequest(url: url, size: size)) }
        #expect(await eventually { server.count("/late.jpg") == 1 })
        await pipeline.removeAll()
        await #expect(throws: ImageLoadError.cancelled) { try await task.value }
        await gate.open()
        #expect(await eventually { pipeline.activity == (0, 0) })
        #expect(pipeline.metrics().memoryCount == 0 && pipeline.metrics().diskCount == 0)
    }
}

/// The highest memory use seen.
final class Highest: Sendable {
    let value = Mutex(0)
}
