import Foundation
import ImageCodec
import Testing
import TestingSupport

@testable import ImagePipeline

@Suite("ImageRowLoader: rows of a list, visible and upcoming")
@MainActor
struct RowLoaderTests {
    let size = PixelSize(width: 10, height: 8)

    @Test("two rows sharing a URL both get the photo, from one download")
    func twoRowsShareAURL() async throws {
        let server = try PhotoServer()
        let url = server.serve("/shared.jpg", .init(body: TestPhotos.green))
        let loader = ImageRowLoader<Int>(pipeline: makePipeline(server))
        loader.update(visible: [(1, ImageRequest(url: url, size: size)), (2, ImageRequest(url: url, size: size))])
        #expect(loader.state(of: 1) == .loading)
        #expect(await eventually { await MainActor.run { loader.image(for: 1) != nil && loader.image(for: 2) != nil } })
        #expect(loader.image(for: 1)?.dominant == "green" && loader.image(for: 1) == loader.image(for: 2))
        #expect(server.count("/shared.jpg") == 1)
    }

    @Test("a photo that arrives after its row was reused for another post is not delivered there")
    func reusedRow() async throws {
        let server = try PhotoServer()
        let gate = Gate()
        let slow = server.serve("/slow-red.jpg", .init(body: TestPhotos.red, gate: gate))
        let fast = server.serve("/fast-blue.jpg", .init(body: TestPhotos.blue))
        let changes = ChangeLog()
        let loader = ImageRowLoader<Int>(pipeline: makePipeline(server)) { changes.append($0) }
        loader.update(visible: [(1, ImageRequest(url: slow, size: size))])
        #expect(await eventually { server.count("/slow-red.jpg") == 1 })
        // Row 1 now shows another post; row 2 shows the slow photo, so its download goes on.
        loader.update(visible: [(1, ImageRequest(url: fast, size: size)), (2, ImageRequest(url: slow, size: size))])
        #expect(await eventually { await MainActor.run { loader.image(for: 1) != nil } })
        await gate.open()
        #expect(await eventually { await MainActor.run { loader.image(for: 2) != nil } })
        #expect(loader.image(for: 1)?.dominant == "blue")
        #expect(loader.image(for: 2)?.dominant == "red")
        #expect(server.count("/slow-red.jpg") == 1, "the moved photo kept its download")
        #expect(changes.rows.filter { $0 == 1 }.count == 1, "row 1 was told once, about its own photo")
    }

    @Test("a result already on its way when the row was reused is dropped: the ticket no longer matches")
    func lateDelivery() async throws {
        let server = try PhotoServer()
        let gate = Gate()
        let first = server.serve("/first.jpg", .init(body: TestPhotos.red, gate: gate))
        let second = server.serve("/second.jpg", .init(body: TestPhotos.blue, gate: gate))
        let changes = ChangeLog()
        let loader = ImageRowLoader<Int>(pipeline: makePipeline(server)) { changes.append($0) }
        loader.update(visible: [(1, ImageRequest(url: first, size: size))])
        let oldTicket = try #require(loader.ticket(of: 1))
        loader.update(visible: [(1, ImageRequest(url: second, size: size))])
        // The first photo's result arrives now, as if its completion had been under way.
        loader.deliver(.success(RGBImage(width: 10, height: 8, red: 255, green: 0, blue: 0)), to: 1, ticket: oldTicket)
        #expect(loader.state(of: 1) == .loading && changes.rows.isEmpty)
        await gate.open()
        #expect(await eventually { await MainActor.run { loader.image(for: 1) != nil } })
        #expect(loader.image(for: 1)?.dominant == "blue" && changes.rows == [1])
    }

    @Test("a row given another photo drops the old load when nobody else wants it")
    func reusedRowCancels() async throws {
        let server = try HangingServer()
        defer { server.stop() }
        let photos = try PhotoServer()
        let fast = photos.serve("/fast.jpg", .init(body: TestPhotos.blue))
        let pipeline = ImagePipeline(transport: HTTPPhotoTransport(client: makeClient(photos.baseURL)))
        let loader = ImageRowLoader<Int>(pipeline: pipeline)
        loader.update(visible: [(1, ImageRequest(url: server.url, size: size))])
        #expect(await eventually { server.seen.requests == 1 })
        loader.update(visible: [(1, ImageRequest(url: fast, size: size))])
        #expect(await eventually { server.seen.closed == 1 })
        #expect(await eventually { await MainActor.run { loader.image(for: 1)?.dominant == "blue" } })
    }

    @Test("rows that scroll away are cancelled; upcoming rows load after visible ones; a photo in memory is ready at once")
    func visibleUpcomingAndAway() async throws {
        let server = try PhotoServer()
        let gate = Gate()
        let blocker = server.serve("/blocker.jpg", .init(body: TestPhotos.red, gate: gate))
        let pipeline = makePipeline(server, downloads: 1)
        let loader = ImageRowLoader<String>(pipeline: pipeline)
        loader.update(visible: [("a", ImageRequest(url: blocker, size: size))])
        #expect(await eventually { server.count("/blocker.jpg") == 1 })
        let later = server.serve("/later.jpg", .init(body: TestPhotos.green))
        let now = server.serve("/now.jpg", .init(body: TestPhotos.blue))
        // "later" is asked first but only as upcoming; "now" is visible.
        loader.update(
            visible: [("a", ImageRequest(url: blocker, size: size)), ("c", ImageRequest(url: now, size: size))],
            upcoming: [("b", ImageRequest(url: later, size: size))])
        #expect(await eventually { pipeline.slots.usage.waiting == 2 })
        await gate.open()
        #expect(await eventually { await MainActor.run { loader.image(for: "b") != nil && loader.image(for: "c") != nil } })
        #expect(server.received.map(\.path) == ["/blocker.jpg", "/now.jpg", "/later.jpg"])
        // Row "a" scrolls away and is forgotten; coming back, its photo is in memory and ready at once.
        loader.update(visible: [("c", ImageRequest(url: now, size: size))])
        #expect(loader.state(of: "a") == nil)
        loader.update(visible: [("a", ImageRequest(url: blocker, size: size))])
        #expect(loader.image(for: "a")?.dominant == "red")
        #expect(server.count("/blocker.jpg") == 1)
    }

    @Test("updating every frame with the same rows neither downloads nor decodes again")
    func reRendering() async throws {
        let server = try PhotoServer()
        let url = server.serve("/frame.jpg", .init(body: TestPhotos.red))
        let pipeline = makePipeline(server)
        let loader = ImageRowLoader<Int>(pipeline: pipeline)
        let request = ImageRequest(url: url, size: HalfBlockSize.box)
        loader.update(visible: [(1, request)])
        #expect(await eventually { await MainActor.run { loader.image(for: 1) != nil } })
        for _ in 0..<100 { loader.update(visible: [(1, request)]) }
        let metrics = pipeline.metrics()
        #expect(metrics.decodes == 1 && metrics.downloads == 1 && metrics.memoryMisses == 1)
        #expect(loader.image(for: 1)?.size == HalfBlockSize.box)
    }

    @Test("a failed photo is reported on its row")
    func failure() async throws {
        let server = try PhotoServer()
        let broken = server.serve("/broken.jpg", .init(body: Data("not a jpeg".utf8)))
        let loader = ImageRowLoader<Int>(pipeline: makePipeline(server))
        loader.update(visible: [(7, ImageRequest(url: broken, size: size))])
        #expect(await eventually { await MainActor.run { if case .failed = loader.state(of: 7) { true } else { false } } })
    }
}

/// Rows `onChange` was called for, in order.
@MainActor
final class ChangeLog {
    private(set) var rows: [Int] = []
    func append(_ row: Int) { rows.append(row) }
}

/// A terminal box of 30 columns × 10 rows, in half-block pixels.
enum HalfBlockSize {
    static let box = PixelSize(width: 30, height: 20)
}
