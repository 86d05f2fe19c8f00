import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP listener on 127.0.0.1 that answers each connection with raw bytes (not necessarily
/// HTTP), for replies `HTTPServer` cannot produce: garbage, bodies cut short, endless or
/// dripping bodies. Each connection is served on its own thread and closed after its reply.
final class RawReplyServer: Sendable {
    /// What one connection gets.
    struct Reply: Sendable {
        /// Sent first, at once.
        var head: [UInt8]
        /// Then sent again and again until the client closes, the server stops, or a safety
        /// bound (30 s, 4 GB) passes; nothing when empty.
        var repeating: [UInt8] = []
        /// The pause between repeats; `nil` sends as fast as the client reads.
        var every: Duration? = nil
        /// Answer further requests on the same connection with `head` (keep-alive), up to 1000,
        /// until the client closes it; `repeating` must be empty.
        var keepAlive = false
    }

    /// The bound port.
    let port: UInt16
    private let listener: Int32
    private let ended = DispatchSemaphore(value: 0)
    private let state = Mutex(ServerState())

    private struct ServerState {
        var stopped = false
        var open: Set<Int32> = []
        var requests: [String] = []
        var accepted = 0
        var sent = 0
    }

    /// A server that answers every connection with `reply` and closes it.
    convenience init(reply: [UInt8]) throws {
        try self.init { _ in Reply(head: reply) }
    }

    /// A server that sends `head`, then `repeating` again and again (every `every`, if given).
    convenience init(head: String, repeating: [UInt8], every: Duration? = nil) throws {
        try self.init { _ in Reply(head: Array(head.utf8), repeating: repeating, every: every) }
    }

    /// A server that answers the n-th connection (from 1) with `script(n)`.
    init(script: @escaping @Sendable (Int) -> Reply) throws {
        let (fd, port) = try boundLoopbackSocket()
        guard listen(fd, 16) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        listener = fd
        self.port = port
        Thread { [self] in
            var number = 0
            while true {
                let connection = accept(fd, nil, nil)
                if connection < 0 { break }
                number += 1
                let reply = script(number)
                let admitted = state.withLock { state -> Bool in
                    guard !state.stopped else { return false }
                    state.open.insert(connection)
                    state.accepted += 1
                    return true
                }
                guard admitted else {
                    close(connection)
                    break
                }
                Thread { [self] in serve(connection, reply) }.start()
            }
            ended.signal()
        }.start()
    }

    /// The base URL of this server.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// How many connections were accepted (one per attempt: every reply closes its connection).
    var connections: Int { state.withLock { $0.accepted } }

    /// How many connections are still open on the server's side.
    var openConnections: Int { state.withLock { $0.open.count } }

    /// How many bytes were written to clients so far.
    var bytesSent: Int { state.withLock { $0.sent } }

    /// The request heads received, in order (request line and headers).
    var requests: [String] { state.withLock { $0.requests } }

    /// Stops accepting, closes open connections and waits for the accept thread to end.
    func stop() {
        // Shut down under the lock: a connection's thread removes its number under the same lock
        // before closing it, so a number shut down here is never one another test opened since.
        state.withLock { state in
            state.stopped = true
            for connection in state.open { shutdown(connection, Int32(SHUT_RDWR)) }
        }
        shutdown(listener, Int32(SHUT_RDWR))
        ended.wait()
        close(listener)
    }

    private func serve(_ connection: Int32, _ reply: Reply) {
        // A keep-alive connection waits longer for the next request: a loaded machine can
        // pause the client for seconds between two requests.
        var timeout = timeval(tv_sec: reply.keepAlive ? 30 : 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let head = readHead(connection)
        state.withLock { $0.requests.append(head) }
        var alive = transmit(reply.head, to: connection)
        var served = 1
        while alive, reply.keepAlive, served < 1000 {
            let next = readHead(connection)
            if next.isEmpty || state.withLock({ $0.stopped }) { break }
            state.withLock { $0.requests.append(next) }
            alive = transmit(reply.head, to: connection)
            served += 1
        }
        let started = ContinuousClock.now
        var sent = 0
        while alive, !reply.repeating.isEmpty, sent < 4 << 30, ContinuousClock.now - started < .seconds(30) {
            if state.withLock({ $0.stopped }) { break }
            if let every = reply.every { Thread.sleep(forTimeInterval: Double(every.components.seconds) + Double(every.components.attoseconds) / 1e18) }
            alive = transmit(reply.repeating, to: connection)
            sent += reply.repeating.count
        }
        state.withLock { _ = $0.open.remove(connection) }
        close(connection)
    }

    /// Reads up to the blank line that ends the request head (at most 64 KB), then any body
    /// its Content-Length announces (at most 1 MB), so closing never resets unread data.
    private func readHead(_ connection: Int32) -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil, received.count < 64 << 10 {
            let count = recv(connection, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer[0..<count]
            headEnd = received.indices.dropLast(3).first { received[$0..<($0 + 4)].elementsEqual(end) }
        }
        let head = String(decoding: received[0..<(headEnd ?? received.count)], as: UTF8.self)
        let declared = head.split(separator: "\r\n")
            .first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        var bodyCount = received.count - (headEnd.map { $0 + 4 } ?? received.count)
        while bodyCount < min(declared, 1 << 20) {
            let count = recv(connection, &buffer, buffer.count, 0)
            if count <= 0 { break }
            bodyCount += count
        }
        return head
    }

    private func transmit(_ bytes: [UInt8], to connection: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes {
                send(connection, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if count <= 0 { return false }
            offset += count
            state.withLock { $0.sent += count }
        }
        return true
    }
}
