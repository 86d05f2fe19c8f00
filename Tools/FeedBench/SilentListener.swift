import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback port that accepts connections (the kernel completes them) and never answers: a hung server.
final class SilentListener {
    private var descriptor: Int32

    init(port: UInt16) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 128) == 0 else {
            Glibc.close(descriptor)
            throw BenchError("could not listen on 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
        }
    }

    /// Stops listening; connections still open are reset.
    func close() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
    }

    deinit { close() }
}
