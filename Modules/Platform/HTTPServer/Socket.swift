#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin wrappers over the POSIX socket calls the server needs.
enum Socket {
    #if canImport(Glibc)
    static let streamType = Int32(SOCK_STREAM.rawValue)
    static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    static let streamType = SOCK_STREAM
    static let sendFlags: Int32 = 0
    #endif

    /// The system's message for `code`.
    static func message(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Creates a listening IPv4 socket bound to `host:port` and returns it with the bound port.
    static func listen(host: String, port: UInt16, backlog: Int32 = 128) throws(HTTPServerError) -> (fd: Int32, port: UInt16) {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw .invalidHost(host) }

        let fd = socket(AF_INET, streamType, 0)
        guard fd >= 0 else { throw .socket(operation: "socket()", reason: message(errno)) }
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))

        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if bound != 0 {
            let code = errno
            close(fd)
            if code == EADDRINUSE { throw .addressInUse(host: host, port: port) }
            throw .socket(operation: "bind(\(host):\(port))", reason: message(code))
        }
        if systemListen(fd, backlog) != 0 {
            let code = errno
            close(fd)
            if code == EADDRINUSE { throw .addressInUse(host: host, port: port) }
            throw .socket(operation: "listen()", reason: message(code))
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        if named != 0 {
            let code = errno
            close(fd)
            throw .socket(operation: "getsockname()", reason: message(code))
        }
        return (fd, UInt16(bigEndian: actual.sin_port))
    }

    /// Prepares an accepted connection: read/write timeouts, no Nagle delay, no SIGPIPE.
    static func configure(connection fd: Int32, timeout: Duration) {
        let seconds = max(timeout, .milliseconds(1))
        let (whole, attoseconds) = seconds.components
        var interval = timeval(tv_sec: time_t(whole), tv_usec: suseconds_t(attoseconds / 1_000_000_000_000))
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        var yes: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Sends all of `bytes`; returns false when the peer is gone or the send timed out.
    static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer in
                send(fd, buffer.baseAddress! + offset, buffer.count - offset, sendFlags)
            }
            if sent > 0 {
                offset += sent
            } else if sent < 0 && errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }

    /// Receives up to `capacity` bytes; nil on end of stream, timeout or error.
    static func receive(_ fd: Int32, capacity: Int = 16 << 10) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: capacity)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, capacity, 0) }
            if count > 0 { return Array(buffer[0..<count]) }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }

    /// Waits until `fd` has bytes (or end of stream, or an error) to read; false when `within`
    /// passed first.
    static func waitReadable(_ fd: Int32, within: Duration) -> Bool {
        let deadline = ContinuousClock.now + within
        while true {
            let remaining = deadline - .now
            guard remaining > .zero else { return false }
            let (seconds, attoseconds) = remaining.components
            let milliseconds = Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, max(1, milliseconds))
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { return true }
        }
    }

    /// Whether the peer closed (or half-closed) or reset the connection, without waiting or
    /// reading: on Linux POLLRDHUP sees the close even behind pipelined bytes not read yet.
    static func peerHasGone(_ fd: Int32) -> Bool {
        #if os(Linux)
        let readHangUp: Int16 = 0x2000  // POLLRDHUP, which Glibc's module does not export
        var entry = pollfd(fd: fd, events: readHangUp, revents: 0)
        guard poll(&entry, 1, 0) > 0 else { return false }
        return entry.revents & (readHangUp | Int16(POLLHUP) | Int16(POLLERR)) != 0
        #else
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 0) > 0 else { return false }
        if entry.revents & (Int16(POLLHUP) | Int16(POLLERR)) != 0 { return true }
        var byte: UInt8 = 0
        let peeked = recv(fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT)
        return peeked == 0 || (peeked < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
        #endif
    }

    /// Shuts both directions down, waking any thread blocked on the socket.
    static func shutdownBoth(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_RDWR))
    }

    /// Closes the descriptor.
    static func close(_ fd: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(fd)
        #else
        _ = Darwin.close(fd)
        #endif
    }
}

#if canImport(Glibc)
private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { Glibc.listen(fd, backlog) }
#else
private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { Darwin.listen(fd, backlog) }
#endif

extension Socket {
    /// Stops sending, then reads and drops what the peer still sends (briefly, bounded), so closing
    /// does not reset the connection before the peer has read the last response.
    static func drainAfterShutdown(_ fd: Int32, maxBytes: Int = 4 << 20, within: Duration = .seconds(1)) {
        _ = shutdown(fd, Int32(SHUT_WR))
        let deadline = ContinuousClock.now + within
        var drained = 0
        while drained < maxBytes, waitReadable(fd, within: min(.milliseconds(200), deadline - .now)),
              let chunk = receive(fd) {
            drained += chunk.count
        }
    }
}
