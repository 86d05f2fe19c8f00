import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP listener on 127.0.0.1 that answers every connection with fixed bytes (not necessarily
/// HTTP) and closes it, for replies `HTTPServer` cannot produce.
final class RawReplyServer: Sendable {
    /// The bound port.
    let port: UInt16
    private let listener: Int32
    private let ended = DispatchSemaphore(value: 0)

    init(reply: [UInt8]) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
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
        let ended = ended
        Thread {
            while true {
                let connection = accept(fd, nil, nil)
                if connection < 0 { break }
                var buffer = [UInt8](repeating: 0, count: 4096)
                _ = recv(connection, &buffer, buffer.count, 0)
                if !reply.isEmpty { _ = send(connection, reply, reply.count, Int32(MSG_NOSIGNAL)) }
                close(connection)
            }
            ended.signal()
        }.start()
    }

    /// Stops accepting and waits for the accept thread to end.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        ended.wait()
        close(listener)
    }
}
