import Foundation
import HTTPServer
import Synchronization
import Testing

@testable import Networking

/// `HTTPClient.stream` over a streamed `HTTPServer` body: pieces arrive while the server still
/// writes, nothing is kept (a stream far over the body limit is fine), the receiver can stop it,
/// a non-2xx answer throws, and cancelling the caller ends it.
@Suite struct StreamTests {
    /// What the receiver got, shared with the engine's thread.
    final class Received: Sendable {
        let text = Mutex("")
        var value: String { text.withLock { $0 } }
    }

    @Test func piecesArriveWhileTheServerWritesAndTheBodyLimitDoesNotApply() async throws {
        let release = DispatchSemaphore(value: 0)
        let server = try LoopbackServer { _ in
            .streaming(200, headers: [("Content-Type", "text/event-stream")]) { writer in
                _ = writer.write(Data("first\n".utf8))
                // The second piece waits until the client has read the first (bounded).
                _ = release.wait(timeout: .now() + 20)
                _ = writer.write(Data(repeating: UInt8(ascii: "x"), count: 300_000))
                _ = writer.write(Data("\nlast\n".utf8))
            }
        }
        defer { server.stop() }
        var configuration = HTTPClientConfiguration(baseURL: server.baseURL)
        configuration.maxBodyBytes = 1_000
        let client = HTTPTransportClient(configuration: configuration)
        let received = Received()
        try await client.stream(.get("/v1/live")) { data in
            received.text.withLock { $0 += String(decoding: data, as: UTF8.self) }
            if received.value.hasPrefix("first\n") { release.signal() }
            return true
        }
        #expect(received.value.hasPrefix("first\n"))
        #expect(received.value.hasSuffix("\nlast\n"))
        #expect(received.value.utf8.count == 300_000 + 12)
    }

    @Test func theReceiverStopsTheStreamAndANon2xxAnswerThrows() async throws {
        let server = try LoopbackServer { request in
            if request.path == "/off" { return .json(503, Data(#"{"error":"switched off"}"#.utf8)) }
            return .streaming(200) { writer in
                while writer.write(Data("tick\n".utf8)) { Thread.sleep(forTimeInterval: 0.01) }
            }
        }
        defer { server.stop() }
        let client = HTTPTransportClient(configuration: HTTPClientConfiguration(baseURL: server.baseURL))
        let pieces = Mutex(0)
        try await client.stream(.get("/live")) { _ in
            pieces.withLock { value in
                value += 1
                return value
            } < 3
        }
        #expect(pieces.withLock { $0 } == 3, "stopped at the third piece")
        await #expect(throws: HTTPError.status(code: 503, message: "switched off")) {
            try await client.stream(.get("/off")) { _ in true }
        }
    }

    @Test func cancellingTheCallerEndsAnEndlessStream() async throws {
        let server = try LoopbackServer { _ in
            .streaming(200) { writer in
                while writer.write(Data("tick\n".utf8)) { Thread.sleep(forTimeInterval: 0.01) }
            }
        }
        defer { server.stop() }
        let client = HTTPTransportClient(configuration: HTTPClientConfiguration(baseURL: server.baseURL))
        let started = Mutex(false)
        let task = Task {
            try await client.stream(.get("/live")) { _ in
                started.withLock { $0 = true }
                return true
            }
        }
        let deadline = ContinuousClock.now + .seconds(20)
        while !started.withLock({ $0 }) && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        task.cancel()
        await #expect(throws: HTTPError.cancelled) { try await task.value }
    }
}
