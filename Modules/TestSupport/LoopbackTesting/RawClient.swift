// The LoopbackTesting module: raw HTTP/1.1 exchanges with a server on 127.0.0.1 for tests
// that attack it, and what they measure.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A blocking keep-alive client socket on loopback for tests that need exact requests (odd
/// methods, huge cursors) without an HTTP stack's own memory; every read has a timeout.
public final class RawClient {
    private let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port`; reads give up after `timeoutSeconds`.
    public init(port: UInt16, timeoutSeconds: Int = 10) throws {
        // A local until connected: a throw after `self.fd` is set would run deinit and close it twice,
        // closing whatever another thread opened under that number meanwhile.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawClientError("socket() failed") }
        var interval = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw RawClientError("connect to port \(port) failed")
        }
        self.fd = fd
    }

    deinit { close(fd) }

    /// Sends one request and reads its answer (Content-Length bodies; none for 304).
    public func request(_ method: String, _ target: String, headers: [String] = [], body: String = "") throws -> RawReply {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for header in headers { text += header + "\r\n" }
        if !body.isEmpty { text += "Content-Length: \(body.utf8.count)\r\n" }
        text += "\r\n" + body
        try send(Array(text.utf8))
        return try readReply()
    }

    /// Sends `start`, then one line per pause until the server answers; returns the answer.
    public func trickle(_ start: String, lines: [String], pauseMilliseconds: Int32) throws -> RawReply {
        try send(Array(start.utf8))
        for line in lines {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, pauseMilliseconds) > 0 { break }
            try send(Array(line.utf8))
        }
        return try readReply()
    }

    private func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw RawClientError("send failed") }
            offset += sent
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw RawClientError("the connection ended before a whole response") }
        buffer.append(contentsOf: chunk[0..<count])
    }

    private func readReply() throws -> RawReply {
        while true {
            if let end = headEnd() {
                let head = String(decoding: buffer[0..<end], as: UTF8.self)
                var lines = head.components(separatedBy: "\r\n")
                let statusLine = lines.removeFirst().split(separator: " ")
                guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw RawClientError("bad status line") }
                var headers: [String: String] = [:]
                for line in lines {
                    let parts = line.split(separator: ":", maxSplits: 1)
                    if parts.count == 2 { headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces) }
                }
                let length = Int(headers["content-length"] ?? "0") ?? 0
                while buffer.count < end + 4 + length { try fill() }
                let body = Array(buffer[(end + 4)..<(end + 4 + length)])
                buffer.removeFirst(end + 4 + length)
                return RawReply(status: status, headers: headers, body: body)
            }
            try fill()
        }
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
