import Foundation
import HTTPServer
@testable import Networking
import Testing
import TestingSupport

@Suite("HTTPTransportClient: timeouts, unreachable servers, cancellation")
struct TransportFailureTests {
    /// A server whose handler holds every request until `gate` opens.
    private func heldServer(_ gate: Gate, log: RequestLog) throws -> LoopbackServer {
        try LoopbackServer { request in
            _ = await log.record(request)
            await gate.wait()
            return json(200, "{}")
        }
    }

    @Test func slowServerTimesOutAndIsRetried() async throws {
        let gate = Gate()
        let log = RequestLog()
        let server = try heldServer(gate, log: log)
        defer { server.stop() }
        let recorder = WaitRecorder()
        let client = makeClient(server.baseURL, timeout: .milliseconds(300), retry: quickRetry(1), recorder: recorder)

        await #expect(throws: HTTPError.timeout(seconds: 0.3)) {
            try await client.send(.get("/v1/feed"))
        }
        #expect(await recorder.waits.count == 1)
        #expect(HTTPError.timeout(seconds: 0.3).description == "the server did not answer within 0.3 s")
        await gate.open()
    }

    @Test func requestTimeoutOverridesTheDefault() async throws {
        let gate = Gate()
        let log = RequestLog()
        let server = try heldServer(gate, log: log)
        defer { server.stop() }
        let client = makeClient(server.baseURL, timeout: .seconds(30), retry: .none)

        var request = HTTPRequest.get("/v1/feed")
        request.timeout = .milliseconds(300)
        await #expect(throws: HTTPError.timeout(seconds: 0.3)) {
            try await client.send(request)
        }
        await gate.open()
    }

    /// A sub-second timeout is kept exactly (FoundationNetworking once truncated it to whole
    /// seconds, so 0.9 s fired almost at once). Checked as a lower bound only, so a loaded
    /// machine can make it later but never make the test fail.
    @Test func subSecondTimeoutDoesNotFireEarly() async throws {
        let gate = Gate()
        let log = RequestLog()
        let server = try heldServer(gate, log: log)
        defer { server.stop() }
        let client = makeClient(server.baseURL, timeout: .milliseconds(900), retry: .none)

        let clock = ContinuousClock()
        let start = clock.now
        await #expect(throws: HTTPError.timeout(seconds: 0.9)) {
            try await client.send(.get("/v1/feed"))
        }
        #expect(clock.now - start >= .milliseconds(850))
        await gate.open()
    }

    @Test func aPortNothingListensOnIsUnreachableAfterRetries() async throws {
        let closed = try ClosedPort()
        let port = closed.port
        let recorder = WaitRecorder()
        let client = makeClient(URL(string: "http://127.0.0.1:\(port)")!, recorder: recorder)

        let expected = HTTPError.unreachable(host: "127.0.0.1:\(port)", reason: "connection refused; check that the server is running")
        await #expect(throws: expected) {
            try await client.send(.get("/v1/feed"))
        }
        #expect(await recorder.waits.count == 2)
        #expect(expected.description == "cannot reach 127.0.0.1:\(port): connection refused; check that the server is running")
        _ = closed
    }

    @Test func cancellingTheCallerCancelsTheRequest() async throws {
        let gate = Gate()
        let log = RequestLog()
        let server = try heldServer(gate, log: log)
        defer { server.stop() }
        let client = makeClient(server.baseURL)

        let call = Task { () -> HTTPError? in
            await Self.failure(of: client, .get("/v1/slow"))
        }
        #expect(await eventually { await log.count == 1 })
        call.cancel()

        // The call ends while the server still holds the request: it did not wait for a reply.
        #expect(await call.value == .cancelled)
        #expect(await gate.arrivals == 1)
        // The transfer itself was aborted and the engine let go of it (after a short drain at most).
        let engine = client.engine
        #expect(await eventually { engine.activeTransfers == 0 })
        // Never retried.
        #expect(await log.count == 1)
        await gate.open()
    }

    @Test func cancellingDuringTheBodyClosesTheConnectionAtOnce() async throws {
        // A body that drips one byte every 50 ms for ever: only the cancel can end this request
        // before its 60 s deadline.
        let server = try RawReplyServer(
            head: rawHead("HTTP/1.1 200 OK\nContent-Length: 1000000\n\n"), repeating: [0x20], every: .milliseconds(50))
        defer { server.stop() }
        let client = HTTPTransportClient(
            configuration: HTTPClientConfiguration(baseURL: server.baseURL, timeout: .seconds(60), totalDeadline: .seconds(60)),
            sleep: WaitRecorder().sleep)

        let call = Task { () -> HTTPError? in
            await Self.failure(of: client, .get("/v1/feed"))
        }
        #expect(await eventually { server.bytesSent > 3 })
        call.cancel()

        #expect(await call.value == .cancelled)
        // The server sees the connection closed: its next write fails.
        #expect(await eventually { server.openConnections == 0 })
        #expect(server.connections == 1, "never retried")
        let engine = client.engine
        #expect(await eventually { engine.activeTransfers == 0 })
    }

    /// The client's connections are close-on-exec: a process the app starts meanwhile does not
    /// inherit one and keep it open after the client closed it (libcurl's own sockets lack the
    /// flag). Read from /proc, without starting a process that would inherit other tests' sockets.
    @Test func theClientsConnectionsAreCloseOnExec() async throws {
        let server = try RawReplyServer(
            head: rawHead("HTTP/1.1 200 OK\nContent-Length: 1000000\n\n"), repeating: [0x20], every: .milliseconds(50))
        defer { server.stop() }
        let client = HTTPTransportClient(
            configuration: HTTPClientConfiguration(baseURL: server.baseURL, timeout: .seconds(60), totalDeadline: .seconds(60)),
            sleep: WaitRecorder().sleep)
        let call = Task { () -> HTTPError? in
            await Self.failure(of: client, .get("/v1/feed"))
        }
        #expect(await eventually { server.bytesSent > 3 })

        let sockets = LoopbackSockets.connected(toPort: server.port)
        #expect(sockets.count == 1, "the client's end of the one connection")
        for fd in sockets {
            #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC != 0, "descriptor \(fd) would be inherited")
        }
        call.cancel()
        #expect(await call.value == .cancelled)
    }

    @Test func cancelledBeforeSendingSendsNothing() async throws {
        let log = RequestLog()
        let server = try LoopbackServer(scripted([json(200, "{}")], log: log))
        defer { server.stop() }
        let client = makeClient(server.baseURL)

        let call = Task { () -> HTTPError? in
            withUnsafeCurrentTask { $0?.cancel() }
            return await Self.failure(of: client, .get("/v1/feed"))
        }

        #expect(await call.value == .cancelled)
        #expect(await log.count == 0)
    }

    @Test func cancellingDuringBackoffStopsRetrying() async throws {
        let log = RequestLog()
        let server = try LoopbackServer(scripted([json(503, "{}")], log: log))
        defer { server.stop() }
        let client = HTTPTransportClient(configuration: HTTPClientConfiguration(
            baseURL: server.baseURL,
            retry: RetryPolicy(baseDelay: .seconds(60), maxDelay: .seconds(60), jitter: .none), totalDeadline: .seconds(120)))

        let call = Task { () -> HTTPError? in
            await Self.failure(of: client, .get("/v1/feed"))
        }
        #expect(await eventually { await log.count == 1 })
        call.cancel()

        #expect(await call.value == .cancelled)
        #expect(await log.count == 1)
    }

    /// The error `request` ends with, or `nil` when it succeeds.
    private static func failure(of client: HTTPTransportClient, _ request: HTTPRequest) async -> HTTPError? {
        do throws(HTTPError) {
            _ = try await client.send(request)
            return nil
        } catch {
            return error
        }
    }
}
