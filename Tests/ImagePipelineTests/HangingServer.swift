import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP listener on 127.0.0.1 that answers a photo request with headers and a few bytes of a
/// long body, then waits, and records when the client closes the connection.
final class HangingServer: Sendable {
    let port: UInt16
    private let listener: Int32
    private let ended = DispatchSemaphore(value: 0)
    private let counts = Counts()

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        let counts = counts, ended = ended
        Thread {
            while true {
                let connection = accept(fd, nil, nil)
                if connection < 0 { break }
                Thread { Self.serve(connection, counts: counts) }.start()
            }
            ended.signal()
        }.start()
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)/slow.jpg")! }

    /// Requests received and connections the client closed.
    var seen: (requests: Int, closed: Int) { counts.value.withLock { $0 } }

    /// Stops accepting; connections still open end at their 20 s read timeout.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        ended.wait()
        close(listener)
    }

    private static func serve(_ connection: Int32, counts: Counts) {
        defer { close(connection) }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !head.suffix(4).elementsEqual([13, 10, 13, 10]) && head.count < 65536 {
            let count = recv(connection, &buffer, 1, 0)
            if count <= 0 { return }
            head.append(buffer[0])
        }
        counts.value.withLock { $0.requests += 1 }
        let reply = Array("HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nContent-Length: 1000000\r\n\r\n".utf8) + [0xFF, 0xD8, 0xFF]
        _ = send(connection, reply, reply.count, Int32(MSG_NOSIGNAL))
        // Now wait for the client: 0 means it closed the connection, and so does a reset (a
        // client that closes before it has read the whole reply resets the connection).
        while true {
            let count = recv(connection, &buffer, buffer.count, 0)
            if count == 0 || (count < 0 && errno == ECONNRESET) {
                counts.value.withLock { $0.closed += 1 }
                return
            }
            if count < 0 && errno != EINTR { return }
        }
    }
}

/// Requests received and connections closed by the client.
final class Counts: Sendable {
    let value = Mutex((requests: 0, closed: 0))
}
