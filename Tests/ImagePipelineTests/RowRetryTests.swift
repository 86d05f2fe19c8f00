import Foundation
import ImageCodec
import Testing
import TestingSupport

@testable import ImagePipeline

/// A row's photo that failed for a transient reason (a 503, a dropped connection) comes back by
/// itself while the row is wanted; a missing photo is not asked for again.
@Suite("ImageRowLoader: retrying failed photos")
@MainActor
struct RowRetryTests {
    let size = PixelSize(width: 10, height: 8)

    @Test("a 503 fails the row, a retry after the delay brings the photo; the row is told both times")
    func transientFailureIsRetried() async throws {
        let server = try PhotoServer()
        let url = server.serve("/busy.jpg", .init(status: 503, body: Data("busy".utf8)))
        let changes = ChangeLog()
        let loader = ImageRowLoader<Int>(pipeline: makePipeline(server), retryDelay: .milliseconds(20)) { changes.append($0) }
        loader.update(visible: [(1, ImageRequest(url: url, size: size))])
        #expect(await eventually { await MainActor.run { server.count("/busy.jpg") >= 2 } }, "tried again after the delay")
        #expect(loader.image(for: 1) == nil)
        guard case .failed(let error) = loader.state(of: 1) else { Issue.record("not failed: \(String(describing: loader.state(of: 1)))"); return }
        #expect(error.isTransient)
        _ = server.serve("/busy.jpg", .init(body: TestPhotos.green))
        #expect(await eventually { await MainActor.run { loader.image(for: 1) != nil } })
        #expect(loader.image(for: 1)?.dominant == "green")
        #expect(!loader.isRetryPending(1))
        #expect(changes.rows.first == 1 && changes.rows.last == 1 && changes.rows.count >= 2)
    }

    @Test("a 404 fails the row for good: no retry is pending")
    func missingPhotoIsNotRetried() async throws {
        let server = try PhotoServer()
        let url = server.url("/missing.jpg")
        let loader = ImageRowLoader<Int>(pipeline: makePipeline(server), retryDelay: .milliseconds(1))
        loader.update(visible: [(1, ImageRequest(url: url, size: size))])
        #expect(await eventually { await MainActor.run { if case .failed = loader.state(of: 1) { true } else { false } } })
        #expect(!loader.isRetryPending(1))
        #expect(server.count("/missing.jpg") == 1)
    }

    @Test("a row that leaves while its retry waits is not downloaded again")
    func leavingCancelsTheRetry() async throws {
        let server = try PhotoServer()
        let url = server.serve("/busy.jpg", .init(status: 503, body: Data("busy".utf8)))
        let loader = ImageRowLoader<Int>(pipeline: makePipeline(server), retryDelay: .seconds(3600))
        loader.update(visible: [(1, ImageRequest(url: url, size: size))])
        #expect(await eventually { await MainActor.run { loader.isRetryPending(1) } })
        loader.update(visible: [])
        #expect(!loader.isRetryPending(1) && loader.state(of: 1) == nil)
        #expect(server.count("/busy.jpg") == 1)
    }

    @Test("transient means the network or a busy server, not the photo itself")
    func whatIsTransient() {
        #expect(ImageLoadError.network(.status(code: 503, message: nil)).isTransient)
        #expect(ImageLoadError.network(.status(code: 429, message: nil)).isTransient)
        #expect(ImageLoadError.network(.timeout(seconds: 10)).isTransient)
        #expect(ImageLoadError.network(.connectionClosed(host: "h")).isTransient)
        #expect(!ImageLoadError.network(.status(code: 404, message: nil)).isTransient)
        #expect(!ImageLoadError.tooLarge(limit: 1).isTransient)
        #expect(!ImageLoadError.invalidRequest("x").isTransient)
        #expect(!ImageLoadError.cancelled.isTransient)
    }
}
