import Foundation
import HTTPServer
import Testing
import TestingSupport

/// Answers `/ok` at once and holds `/held` until the gate opens.
private func gated(_ gate: Gate, arrived: Gate) -> HTTPHandler {
    { request in
        if request.path == "/held" {
            await arrived.open()
            await gate.wait()
        }
        return .json(200, Data(#"{"path":"\#(request.path)"}"#.utf8))
    }
}

@Suite("HTTPServer hardening")
struct HTTPServerHardeningTests {
    @Test("the head deadline does not restart on every byte: a header line every 50 ms is cut off with 408")
    func headDeadlineDoesNotRestart() async throws {
        let limits = HTTPServerLimits(idleTimeout: .seconds(5), headTimeout: .milliseconds(300))
        let server = HTTPServer(limits: limits) { _ in .json(200, Data("{}".utf8)) }
        let port = try server.start()
        defer { server.stop() }
        let (linesSent, response) = try await onOwnThread {
            let connection = try RawHTTPConnection(port: port)
            try connection.send("GET /trickle HTTP/1.1\r\n")
            var lines = 0
            // Each line arrives well within the 5 s idle timeout; 200 lines would take 10 s.
            while lines < 200, !connection.hasIncoming(withinMilliseconds: 50) {
                try connection.send("X-Line-\(lines): v\r\n")
                lines += 1
            }
            return (lines, try connection.readResponse())
        }
        #expect(linesSent < 200, "the server kept reading a head that never ended")
        #expect(response.status == 408)
        #expect(response.text.contains("did not arrive within 300 ms"))
    }

    @Test("openConnections counts the clients connected now, and drops when one goes away")
    func openConnectionsCount() async throws {
        // A long idle limit: a loaded machine may not look for seconds, and the client sends nothing.
        let server = HTTPServer(limits: HTTPServerLimits(idleTimeout: .seconds(120))) { _ in .json(200, Data("{}".utf8)) }
        let port = try server.start()
        defer { server.stop() }
        #expect(server.openConnections == 0)
        // A connect on loopback returns at once; no request is sent.
        var connection: RawHTTPConnection? = try RawHTTPConnection(port: port)
        #expect(await eventually { server.openConnections == 1 })
        _ = connection
        connection = nil
        #expect(await eventually { server.openConnections == 0 }, "a closed client is no longer counted")
        server.stop()
        #expect(server.openConnections == 0)
    }

    @Test("a body trickling in past the body deadline is answered 408")
    func bodyDeadline() async throws {
        let limits = HTTPServerLimits(idleTimeout: .seconds(5), bodyTimeout: .milliseconds(300))
        let server = HTTPServer(limits: limits) { _ in .json(200, Data("{}".utf8)) }
        let port = try server.start()
        defer { server.stop() }
        let (bytesSent, response) = try await onOwnThread {
            let connection = try RawHTTPConnection(port: port)
            try connection.send("PUT /x HTTP/1.1\r\nContent-Length: 200\r\n\r\n")
            var bytes = 0
            while bytes < 200, !connection.hasIncoming(withinMilliseconds: 50) {
                try connection.send("a")
                bytes += 1
            }
            return (bytes, try connection.readResponse())
        }
        #expect(bytesSent < 200)
        #expect(response.status == 408)
    }

    @Test("slowloris with 100 trickling connections: a normal client is still answered 200")
    func slowloris() async throws {
        let server = HTTPServer { request in .json(200, Data(#"{"path":"\#(request.path)"}"#.utf8)) }
        let port = try server.start()
        defer { server.stop() }
        let attack = SlowlorisAttack(port: port, connections: 100)
        attack.start()
        defer { attack.stop() }
        // All 100 sockets are trickling, more than the 64 slots: the server already closed some
        // of them (the attack reopened them) before the normal client arrives.
        let deadline = ContinuousClock.now + .seconds(30)
        while attack.rounds < 3 || attack.opened <= 100 {
            guard ContinuousClock.now < deadline else { throw RawSocketError(description: "the attack never got going") }
            try await Task.sleep(for: .milliseconds(20))
        }
        let response = try await onOwnThread {
            let connection = try RawHTTPConnection(port: port, timeoutSeconds: 5)
            try connection.send("GET /ok HTTP/1.1\r\nHost: x\r\n\r\n")
            return try connection.readResponse()
        }
        #expect(response.status == 200)
        #expect(response.text.contains("/ok"))
    }

    @Test("when every slot is taken, the connection idle the longest is closed to admit a new one")
    func idleConnectionMakesRoom() async throws {
        let server = HTTPServer(limits: HTTPServerLimits(maxConnections: 2)) { request in
            .json(200, Data(#"{"path":"\#(request.path)"}"#.utf8))
        }
        let port = try server.start()
        defer { server.stop() }
        let (oldestClosed, middleOpen, newest) = try await onOwnThread {
            let oldest = try RawHTTPConnection(port: port)
            try oldest.send("GET /first HTTP/1.1\r\n\r\n")
            _ = try oldest.readResponse()
            let middle = try RawHTTPConnection(port: port)
            try middle.send("GET /second HTTP/1.1\r\n\r\n")
            _ = try middle.readResponse()
            // A connection is idle once its thread is back to reading, a moment after the client
            // read its answer (a loaded run deschedules it): the newcomer comes once both are.
            let deadline = ContinuousClock.now + .seconds(30)
            while server.waitingConnections < 2, ContinuousClock.now < deadline { usleep(1_000) }
            let newcomer = try RawHTTPConnection(port: port)
            try newcomer.send("GET /third HTTP/1.1\r\n\r\n")
            let newest = try newcomer.readResponse()
            let oldestClosed = try oldest.isClosedByServer()
            let middleOpen = !middle.hasIncoming(withinMilliseconds: 100)
            try middle.send("GET /again HTTP/1.1\r\n\r\n")
            let again = try middle.readResponse().status
            return (oldestClosed, middleOpen && again == 200, newest)
        }
        #expect(newest.status == 200)
        #expect(oldestClosed)
        #expect(middleOpen)
    }

    @Test("a connection whose request is being answered is never evicted; with every slot busy a newcomer gets 503")
    func busySlotsRefuse() async throws {
        let gate = Gate()
        let arrived = Gate()
        let server = HTTPServer(limits: HTTPServerLimits(maxConnections: 1), handler: gated(gate, arrived: arrived))
        let port = try server.start()
        defer { server.stop() }
        let held = Task {
            try await onOwnThread {
                let connection = try RawHTTPConnection(port: port)
                try connection.send("GET /held HTTP/1.1\r\n\r\n")
                return try connection.readResponse().status
            }
        }
        await arrived.wait()
        let refused = try await onOwnThread {
            let connection = try RawHTTPConnection(port: port)
            return try connection.readResponse()
        }
        #expect(refused.status == 503)
        #expect(refused.text.contains("busy"))
        await gate.open()
        #expect(try await held.value == 200)
    }

    @Test("stop() then start() listens again on the same port, also when the first port was picked free")
    func restartOnSamePort() async throws {
        let server = HTTPServer { request in .json(200, Data(#"{"path":"\#(request.path)"}"#.utf8)) }
        let port = try server.start()
        let before = try await onOwnThread {
            let connection = try RawHTTPConnection(port: port)
            try connection.send("GET /before HTTP/1.1\r\n\r\n")
            return try connection.readResponse().status
        }
        server.stop()
        #expect(server.port == nil)
        #expect(throws: RawSocketError.self) { try RawHTTPConnection(port: port) }
        #expect(try server.start() == port)
        defer { server.stop() }
        #expect(server.port == port)
        let after = try await onOwnThread {
            let connection = try RawHTTPConnection(port: port)
            try connection.send("GET /after HTTP/1.1\r\n\r\n")
            return try connection.readResponse()
        }
        #expect(before == 200)
        #expect(after.status == 200)
        #expect(after.text.contains("/after"))
    }
}
