import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A TCP listener on 127.0.0.1 that accepts connections and never reads or answers, on one
/// thread whatever the number of connections: a hung server that adds no threads of its own.
final class HungServer: Sendable {
    /// The bound port.
    let port: UInt16
    private let listener: Int32
    private let ended = DispatchSemaphore(value: 0)
    private let accepted = Mutex<[Int32]>([])

    init() throws {
        let (fd, port) = try boundLoopbackSocket()
        guard listen(fd, 512) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        listener = fd
        self.port = port
        Thread { [self] in
            while true {
                let connection = accept(fd, nil, nil)
                if connection < 0 { break }
                accepted.withLock { $0.append(connection) }
            }
            ended.signal()
        }.start()
    }

    /// The base URL of this server.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// How many connections were accepted.
    var connections: Int { accepted.withLock { $0.count } }

    /// Stops accepting and closes every connection.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        ended.wait()
        close(listener)
        for connection in accepted.withLock({ $0 }) { close(connection) }
    }
}
