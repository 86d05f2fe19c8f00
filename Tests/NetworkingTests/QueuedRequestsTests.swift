import TestingSupport
import Foundation
@testable import Networking
import Testing

/// Requests beyond an origin's connections (6, of which photos may take 4) wait in the client's
/// queue: their deadlines and cancels still end them at once, and other origins are not held up.
@Suite("HTTPTransportClient: requests waiting for a connection")
struct QueuedRequestsTests {
    @Test func aWaitingRequestFailsAtItsDeadlineAndAnotherOriginStillAnswers() async throws {
        let hung = try HungServer()
        defer { hung.stop() }
        let api = try RawReplyServer { _ in
            RawReplyServer.Reply(head: Array(rawHead("HTTP/1.1 200 OK\nContent-Type: application/json\nContent-Length: 2\n\n{}").utf8), keepAlive: true)
        }
        defer { api.stop() }
        let client = HTTPTransportClient(
            configuration: HTTPClientConfiguration(baseURL: api.baseURL, timeout: .seconds(60), retry: .none, totalDeadline: .seconds(60)),
            sleep: WaitRecorder().sleep)
        let engine = client.engine
        let photo = try #require(URL(string: hung.baseURL.absoluteString + "/p.jpg"))
        // Four photos hold the hung origin's connections they may take; six more wait for one.
        let holders = (0..<10).map { _ in Task { await failure(of: client, .get(url: photo)) } }
        #expect(await eventually { hung.connections == 4 && engine.activeTransfers == 10 })

        var waiting = HTTPRequest.get(url: photo)
        waiting.totalDeadline = .milliseconds(300)
        #expect(await failure(of: client, waiting) == .timeout(seconds: 0.3))
        let cancelled = Task { await failure(of: client, .get(url: photo)) }
        cancelled.cancel()
        #expect(await cancelled.value == .cancelled)
        // Another origin is not held up by the full one.
        #expect(try await client.send(.get("/v1/feed")).status == 200)
        #expect(hung.connections == 4)

        for holder in holders { holder.cancel() }
        for holder in holders { #expect(await holder.value == .cancelled) }
        #expect(await eventually { engine.activeTransfers == 0 })
    }
}
