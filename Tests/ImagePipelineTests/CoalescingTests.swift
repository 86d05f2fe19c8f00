import Foundation
import ImageCodec
import Testing
import TestingSupport

@testable import ImagePipeline

@Suite("ImagePipeline: one download per URL, cancellation, priorities (real HTTP on loopback)")
struct CoalescingTests {
    let size = PixelSize(width: 16, height: 12)

    @Test("ten rows asking for one URL cause one download, and all ten get the photo")
    func tenRowsOneDownload() async throws {
        let server = try PhotoServer()
        let gate = Gate()
        let url = server.serve("/p/1.jpg", .init(body: TestPhotos.red, gate: gate))
        let pipeline = makePipeline(server)
        let deliveries = Deliveries()
        var tokens: [ImageLoadToken] = []
        for row in 0..<10 {
            tokens.append(pipeline.load(ImageRequest(url: url, size: size), completion: deliveries.completion("row\(row)")))
        }
        #expect(await eventually { server.count("/p/1.jpg") == 1 })
        await gate.open()
        #expect(await eventually { deliveries.total == 10 })
        for row in 0..<10 {
            let image = try #require(deliveries.of("row\(row)").first).get()
            #expect(image.dominant == "red" && image.size == size)
        }
        #expect(server.count("/p/1.jpg") == 1)
        let metrics = pipeline.metrics()
        #expect(metrics.downloads == 1 && metrics.decodes == 1 && metrics.memoryMisses == 10)
        _ = tokens
    }

    @Test("rows asking for one URL at two sizes share the download and get one decode per size")
    func twoSizesOneDownload() async throws {
        let server = try PhotoServer()
        let gate = Gate()
        let url = server.serve("/p/2.jpg", .init(body: TestPhotos.blue, gate: gate))
        let pipeline = makePipeline(server)
        let small = PixelSize(width: 8, height: 6)
        async let a = pipeline.image(for: ImageRequest(url: url, size: size))
        async let b = pipeline.image(for: ImageRequest(url: url, size: small))
        #expect(await eventually { pipeline.activity.jobs == 2 })
        await gate.open()
        let (first, second) = try await (a, b)
        #expect(first.size == size && second.size == small && first.dominant == "blue" && second.dominant == "blue")
        #expect(server.count("/p/2.jpg") == 1)
        #expect(pipeline.metrics().decodes == 2)
        // Now both are in memory: no more work.
        #expect(pipeline.cachedImage(for: ImageRequest(url: url, size: small)) == second)
    }

    @Test("the download is cancelled when the last asker leaves: the server sees the connection closed")
    func cancelWhenLastAskerLeaves() async throws {
        let server = try HangingServer()
        defer { server.stop() }
        let pipeline = ImagePipeline(transport: HTTPPhotoTransport(client: makeClient(server.url)))
        let deliveries = Deliveries()
        let first = pipeline.load(ImageRequest(url: server.url, size: size), completion: deliveries.completion("a"))
        let second = pipeline.load(ImageRequest(url: server.url, size: size), completion: deliveries.completion("b"))
        #expect(await eventually { server.seen.requests == 1 })
        first.cancel()
        // One asker is left: the job and its download go on.
        #expect(pipeline.activity.jobs == 1 && pipeline.activity.loads == 1)
        second.cancel()
        #expect(pipeline.activity.jobs == 0)
        #expect(await eventually { server.seen.closed == 1 })
        #expect(await eventually { pipeline.activity.loads == 0 && pipeline.slots.usage.running == 0 })
        #expect(deliveries.total == 0, "a cancelled asker is not called back")
        #expect(server.seen.requests == 1)
    }

    @Test("cancelling the task of image(for:) throws cancelled and stops the download")
    func asyncCancellation() async throws {
        let server = try HangingServer()
        defer { server.stop() }
        let pipeline = ImagePipeline(transport: HTTPPhotoTransport(client: makeClient(server.url)))
        let task = Task { try await pipeline.image(for: ImageRequest(url: server.url, size: size)) }
        #expect(await eventually { server.seen.requests == 1 })
        task.cancel()
        await #expect(throws: ImageLoadError.cancelled) { try await task.value }
        #expect(await eventually { server.seen.closed == 1 })
    }

    @Test("visible downloads go before prefetches; a prefetch that becomes visible is raised")
    func priorities() async throws {
        let server = try PhotoServer()
        let gate = Gate()
        let first = server.serve("/first.jpg", .init(body: TestPhotos.red, gate: gate))
        let pipeline = makePipeline(server, downloads: 1)
        let deliveries = Deliveries()
        // The only slot is taken and held.
        let holder = pipeline.load(ImageRequest(url: first, size: size), completion: deliveries.completion("first"))
        #expect(await eventually { server.count("/first.jpg") == 1 })
        var tokens: [String: ImageLoadToken] = [:]
        // One at a time: each load's task reaches the queue before the next starts, so arrival order
        // is call order (a visible load's task runs at a higher priority and could overtake).
        for (index, (name, priority)) in [("p1", ImagePriority.prefetch), ("p2", .prefetch), ("v1", .visible)].enumerated() {
            let url = server.serve("/\(name).jpg", .init(body: TestPhotos.blue))
            tokens[name] = pipeline.load(ImageRequest(url: url, size: size, priority: priority), completion: deliveries.completion(name))
            #expect(await eventually { pipeline.slots.usage.waiting == index + 1 })
        }
        tokens["p2"]?.setPriority(.visible)
        await gate.open()
        #expect(await eventually { deliveries.total == 4 })
        #expect(server.received.map(\.path) == ["/first.jpg", "/p2.jpg", "/v1.jpg", "/p1.jpg"])
        _ = holder
    }

    @Test("no more downloads at once than the limit; the rest wait their turn")
    func concurrencyLimit() async throws {
        let server = try PhotoServer()
        let gate = Gate()
        let pipeline = makePipeline(server, downloads: 2)
        let deliveries = Deliveries()
        var tokens: [ImageLoadToken] = []
        for index in 0..<5 {
            let url = server.serve("/c\(index).jpg", .init(body: TestPhotos.green, gate: gate))
            tokens.append(pipeline.load(ImageRequest(url: url, size: size), completion: deliveries.completion("c\(index)")))
        }
        #expect(await eventually { server.received.count == 2 && pipeline.slots.usage == (2, 3) })
        await gate.open()
        #expect(await eventually { deliveries.total == 5 })
        #expect(server.mostAtOnce == 2 && server.received.count == 5)
        #expect(await eventually { pipeline.slots.usage == (0, 0) })
        _ = tokens
    }
}
