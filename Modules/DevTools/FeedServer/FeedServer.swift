// The FeedServer module: the reference server of the feed API, with fault injection.
import Foundation
import HTTPServer

/// The reference feed server on 127.0.0.1: a deterministic data set, ranked sessions with opaque
/// cursors, likes, flags, and faults that can be changed while it runs.
public final class FeedServer: Sendable {
    private let router: FeedRouter
    private let server: HTTPServer

    /// Creates a server; `log` receives one line per request when `options.log` is on.
    public convenience init(options: FeedServerOptions, log: (@Sendable (String) -> Void)? = nil) {
        self.init(options: options, log: log, now: { Date().timeIntervalSince1970 })
    }

    /// Creates a server whose rate limit reads the time from `now` (seconds since 1970).
    init(options: FeedServerOptions, log: (@Sendable (String) -> Void)?, now: @escaping @Sendable () -> Double) {
        let requestLog = options.log ? log : nil
        let router = FeedRouter(options: options, log: requestLog, now: now)
        self.router = router
        self.server = HTTPServer(port: options.port, log: requestLog) { request in
            await router.handle(request)
        }
    }

    /// Starts listening on 127.0.0.1 and returns the port (a free one when the port is 0).
    @discardableResult
    public func start() throws -> UInt16 {
        try server.start()
    }

    /// The port the server listens on; nil when it is not running.
    public var port: UInt16? {
        server.port
    }

    /// Stops listening and closes every connection; calling it again does nothing.
    public func stop() {
        server.stop()
    }

    /// Changes the faults, flags or refusals of the running server.
    public func update(_ change: @Sendable (inout FeedServerFaults) -> Void) {
        router.update(change)
    }

    /// The faults, flags and refusals now in force.
    public var faults: FeedServerFaults {
        router.faults
    }

    /// The requests the server has seen so far.
    public func stats() -> FeedServerStats {
        router.stats()
    }

    /// The server's truth about post `id`; nil when there is no such post.
    public func likeState(of id: String) -> (liked: Bool, likeCount: Int)? {
        router.likeState(of: id)
    }
}
