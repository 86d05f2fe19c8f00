import TestingSupport
import Foundation
import HTTPServer
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The server stops working for a client that has gone: when the peer closes or resets the
/// connection while its request is being answered, the handler's task is cancelled and nothing
/// is sent; and the last answer on a connection is never lost to a reset.
@Suite("HTTPServer: a client that has gone")
struct ClientGoneTests {
    enum Departure: String, CaseIterable, Sendable {
        /// close(): the server sees end of stream.
        case close
        /// close() with SO_LINGER 0: the server sees a reset.
        case reset
    }

    @Test(arguments: Departure.allCases)
    func aHandlerIsCancelledWhenItsClientDisconnects(departure: Departure) async throws {
        let events = Mutex<[String]>([])
        let server = HTTPServer { _ in
            events.withLock { $0.append("started") }
            do {
                try await Task.sleep(for: .seconds(60))
                events.withLock { $0.append("finished") }
            } catch {
                events.withLock { $0.append("cancelled") }
            }
            return .json(200, Data("{}".utf8))
        }
        let port = try server.start()
        defer { server.stop() }

        try await onOwnThread {
            let connection = try RawHTTPConnection(port: port)
            try connection.send("GET /v1/photos/p1.jpg HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            for _ in 0..<1000 where !events.withLock({ $0.contains("started") }) { usleep(10_000) }
            if departure == .reset {
                var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                setsockopt(connection.fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            }
            // Leaving the closure closes the connection.
        }

        #expect(await eventually(within: .seconds(10)) { events.withLock { $0 } == ["started", "cancelled"] })
        #expect(await eventually(within: .seconds(10)) { server.openConnections == 0 })
    }

    @Test func theLastOfAThousandPipelinedAnswersIsNotLostToAReset() async throws {
        let server = HTTPServer { _ in HTTPServerResponse(status: 204) }
        let port = try server.start()
        defer { server.stop() }

        let (statuses, last, closed) = try await onOwnThread { () -> ([Int], String?, Bool) in
            let connection = try RawHTTPConnection(port: port)
            // 3,000 requests at once (110 KB): the server answers 1,000 and closes with the rest
            // unread, most of it still in the socket's buffer, not its reader's.
            try connection.send(String(repeating: "GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", count: 3000))
            // Read nothing until the server has let go of the connection: a close on unread
            // requests would have reset it, and a reset destroys the answers not read yet.
            for _ in 0..<1000 where server.acceptedConnections == 0 || server.openConnections > 0 { usleep(10_000) }
            var responses: [RawResponse] = []
            for _ in 0..<1000 { responses.append(try connection.readResponse()) }
            return (responses.map(\.status), responses.last?.headers["connection"], try connection.isClosedByServer())
        }

        #expect(statuses == Array(repeating: 204, count: 1000))
        #expect(last == "close")
        #expect(closed)
    }
}
