@testable import FeedServer
import Foundation
import HTTPServer
import Testing

/// The reference server stops work for a client that has gone: `HTTPServer` cancels the handler's
/// task when the connection closes, and the slow routes return at once, drawing nothing.
@Suite("FeedServer: a request whose client went away")
struct FeedCancellationTests {
    @Test("a photo waiting out --photo-latency is not drawn once its request is cancelled")
    func slowPhotoHonoursCancellation() async throws {
        let router = FeedRouter(options: FeedServerOptions(faults: FeedServerFaults(photoLatencyMS: 60_000)), log: nil)
        let request = Task { await router.handle(HTTPServerRequest(method: "GET", path: "/v1/photos/p1.jpg")) }
        request.cancel()

        let response = await request.value

        #expect(response.status != 200)
        #expect(response.headers.first { $0.name == "Content-Type" }?.value != "image/jpeg")
    }

    @Test("a page waiting out --latency answers nothing once its request is cancelled")
    func slowPageHonoursCancellation() async throws {
        let router = FeedRouter(options: FeedServerOptions(faults: FeedServerFaults(latencyMS: 60_000)), log: nil)
        let request = Task { await router.handle(HTTPServerRequest(method: "GET", path: "/v1/feed")) }
        request.cancel()

        #expect(await request.value.status != 200)
    }
}
