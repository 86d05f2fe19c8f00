// The HTTPServer module: a small HTTP/1.1 server on POSIX sockets.
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Answers one request. It runs in a task whose jobs run on its connection's thread, never on the Swift concurrency pool;
/// the task is cancelled when the client closes the connection before its answer (nothing is sent then).
public typealias HTTPHandler = @Sendable (HTTPServerRequest) async -> HTTPServerResponse

/// A small HTTP/1.1 server on loopback: one accept thread and one thread per connection, which
/// reads, runs the handler's task and writes, so the server never blocks nor waits for the Swift
/// concurrency pool.
public final class HTTPServer: Sendable {
    private struct Running {
        let listener: Int32
        let port: UInt16
        let registry: ConnectionRegistry
        let acceptEnded: DispatchSemaphore
    }

    private let host: String
    /// The port asked for; after the first start, the port bound then, so a restart reuses it.
    private let requestedPort: Mutex<UInt16>
    private let limits: HTTPServerLimits
    private let log: (@Sendable (String) -> Void)?
    private let handler: HTTPHandler
    private let running = Mutex<Running?>(nil)

    /// Creates a server; nothing listens until `start()`.
    public init(
        host: String = "127.0.0.1",
        port: UInt16 = 0,
        limits: HTTPServerLimits = .init(),
        log: (@Sendable (String) -> Void)? = nil,
        handler: @escaping HTTPHandler
    ) {
        self.host = host
        self.requestedPort = Mutex(port)
        self.limits = limits
        self.log = log
        self.handler = handler
    }

    deinit {
        stop()
    }

    /// Binds and listens, then accepts connections on a background thread; returns the bound port
    /// (a free one when the port is 0). After `stop()`, starting again listens on the same port
    /// as the first start did (`SO_REUSEADDR`), so clients see a downtime window, not a move.
    @discardableResult
    public func start() throws(HTTPServerError) -> UInt16 {
        try running.withLock { (running: inout Running?) throws(HTTPServerError) -> UInt16 in
            if let running { throw .alreadyStarted(port: running.port) }
            let (listener, port) = try Socket.listen(host: host, port: requestedPort.withLock { $0 })
            requestedPort.withLock { $0 = port }
            let registry = ConnectionRegistry()
            let acceptEnded = DispatchSemaphore(value: 0)
            let acceptor = Acceptor(listener: listener, limits: limits, log: log, handler: handler, registry: registry)
            let thread = Thread {
                acceptor.run()
                acceptEnded.signal()
            }
            thread.name = "HTTPServer accept :\(port)"
            thread.start()
            running = Running(listener: listener, port: port, registry: registry, acceptEnded: acceptEnded)
            return port
        }
    }

    /// The port the server listens on; nil when it is not running.
    public var port: UInt16? {
        running.withLock { $0?.port }
    }

    /// How many client connections are open now (0 when the server is not running).
    public var openConnections: Int {
        running.withLock { $0?.registry }?.count ?? 0
    }

    /// How many open connections wait on their client (idle between requests): the ones a
    /// newcomer may evict when every slot is taken.
    public var waitingConnections: Int {
        running.withLock { $0?.registry }?.waitingCount ?? 0
    }

    /// How many connections were admitted since the last start (refused ones not counted).
    public var acceptedConnections: Int {
        running.withLock { $0?.registry }?.admitted ?? 0
    }

    /// Closes the listener and every open connection; returns once the accept thread has ended.
    /// Calling it again does nothing.
    public func stop() {
        running.withLock { running in
            guard let current = running else { return }
            running = nil
            current.registry.stopAll()
            Socket.shutdownBoth(current.listener)
            current.acceptEnded.wait()
            Socket.close(current.listener)
        }
    }
}

/// The accept loop of one running server.
private struct Acceptor: Sendable {
    let listener: Int32
    let limits: HTTPServerLimits
    let log: (@Sendable (String) -> Void)?
    let handler: HTTPHandler
    let registry: ConnectionRegistry

    func run() {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                let code = errno
                if registry.isStopping { return }
                switch code {
                case EINTR, ECONNABORTED, EPROTO:
                    continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    log?("accept failed: \(Socket.message(code)); retrying")
                    usleep(50_000)
                    continue
                default:
                    log?("accept failed: \(Socket.message(code)); the server stops accepting connections")
                    return
                }
            }
            let admission = registry.admit(fd, limit: limits.maxConnections)
            switch admission {
            case .stopping:
                Socket.close(fd)
                return
            case .full:
                refuse(fd)
            case .admitted, .admittedByEvicting:
                if case .admittedByEvicting = admission {
                    log?("all \(limits.maxConnections) connections taken: closed the one that waited longest on its client")
                }
                let connection = HTTPConnection(fd: fd, limits: limits, handler: handler, log: log, registry: registry)
                let thread = Thread { connection.run() }
                thread.name = "HTTPServer connection"
                thread.stackSize = 1 << 20
                thread.start()
            }
        }
    }

    /// Answers 503 on a connection over the limit and closes it.
    private func refuse(_ fd: Int32) {
        log?("HTTP 503: all \(limits.maxConnections) connections are busy answering requests; refusing one")
        Socket.configure(connection: fd, timeout: .milliseconds(100))
        let response = HTTPResponseSerializer.error(503, "every connection is busy answering a request; try again shortly")
        _ = Socket.sendAll(fd, HTTPResponseSerializer.bytes(response, keepAlive: false))
        Socket.close(fd)
    }
}
