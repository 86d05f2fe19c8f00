import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A response read off a raw socket.
struct RawResponse: Sendable {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// Why a raw socket operation failed.
struct RawSocketError: Error, CustomStringConvertible {
    var description: String
}

/// A blocking client socket for tests: every read has a timeout, so a test fails instead of hanging.
final class RawHTTPConnection {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(port: UInt16, timeoutSeconds: Int = 10) throws {
        // A local until connected: a throw after `self.fd` is set would run deinit and close it twice,
        // closing whatever another thread opened under that number meanwhile.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawSocketError(description: "socket() failed") }
        var interval = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            throw RawSocketError(description: "connect to port \(port) failed: \(String(cString: strerror(errno)))")
        }
        self.fd = fd
    }

    deinit {
        close(fd)
    }

    func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw RawSocketError(description: "send failed: \(String(cString: strerror(errno)))") }
            offset += sent
        }
    }

    /// Sends what the socket takes without blocking; false when the server closed or reset it.
    func trySend(_ bytes: [UInt8]) -> Bool {
        let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        return sent >= 0 || errno == EAGAIN || errno == EWOULDBLOCK
    }

    /// Whether the server sent something or closed within `milliseconds`.
    func hasIncoming(withinMilliseconds milliseconds: Int32) -> Bool {
        if !buffer.isEmpty { return true }
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) > 0
    }

    /// Closes the sending side; the server sees end of stream.
    func shutdownWrite() {
        shutdown(fd, Int32(SHUT_WR))
    }

    /// Reads more bytes; false at end of stream. Throws on timeout or error.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            buffer.append(contentsOf: chunk[0..<count])
            return true
        }
        if count == 0 { return false }
        if errno == ECONNRESET { return false }
        throw RawSocketError(description: "recv failed: \(String(cString: strerror(errno)))")
    }

    /// Reads one response with a Content-Length body.
    func readResponse() throws -> RawResponse {
        while true {
            if let end = headEnd() {
                let head = String(decoding: buffer[0..<end], as: UTF8.self)
                var lines = head.components(separatedBy: "\r\n")
                let statusLine = lines.removeFirst().split(separator: " ")
                guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
                    throw RawSocketError(description: "bad status line in \(head)")
                }
                var headers: [String: String] = [:]
                for line in lines where !line.isEmpty {
                    let parts = line.split(separator: ":", maxSplits: 1)
                    headers[parts[0].lowercased()] = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
                }
                let length = Int(headers["content-length"] ?? "0") ?? 0
                while buffer.count < end + 4 + length {
                    guard try fill() else { throw RawSocketError(description: "connection closed inside a body") }
                }
                let body = Array(buffer[(end + 4)..<(end + 4 + length)])
                buffer.removeFirst(end + 4 + length)
                return RawResponse(status: status, headers: headers, body: body)
            }
            guard try fill() else { throw RawSocketError(description: "connection closed before a response") }
        }
    }

    /// Whether the server closed the connection: the next read sees end of stream (waits up to the timeout).
    func isClosedByServer() throws -> Bool {
        if !buffer.isEmpty { return false }
        return try !fill()
    }

    private func headEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }
}
