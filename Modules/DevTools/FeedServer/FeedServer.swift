// The FeedServer module: the reference server of the feed API, with fault injection.
import Foundation
import HTTPServer

/// The reference feed server on 127.0.0.1: a deterministic data set, ranked sessions with opaque
/// cursors, likes, flags, new posts over time, and faults that can be changed while it runs.
public final class FeedServer: Sendable {
    private let router: FeedRouter
    private let server: HTTPServer
    private let ticker: LiveTicker

    /// Creates a server; `log` receives one line per request when `options.log` is on;
    /// `limits` bound every connection (tests shorten the deadlines).
    public convenience init(
        options: FeedServerOptions,
        limits: HTTPServerLimits = HTTPServerLimits(),
        log: (@Sendable (String) -> Void)? = nil
    ) {
        self.init(options: options, limits: limits, log: log, now: { Date().timeIntervalSince1970 })
    }

    /// Creates a server whose rate limit and new-post timer read the time from `now` (seconds since 1970).
    init(
        options: FeedServerOptions,
        limits: HTTPServerLimits = HTTPServerLimits(),
        log: (@Sendable (String) -> Void)?,
        now: @escaping @Sendable () -> Double
    ) {
        let requestLog = options.log ? log : nil
        let router = FeedRouter(options: options, log: requestLog, now: now)
        self.router = router
        self.ticker = LiveTicker(router: router)
        self.server = HTTPServer(port: options.port, limits: limits, log: requestLog) { request in
            await router.handle(request)
        }
    }

    /// Starts listening on 127.0.0.1 and returns the port (a free one when the port is 0).
    /// After `stop()` it starts again on the same port, with the same posts, likes and faults.
    @discardableResult
    public func start() throws -> UInt16 {
        let port = try server.start()
        router.publicPort.withLock { $0 = port }
        ticker.start()
        return port
    }

    /// The port the server listens on; nil when it is not running.
    public var port: UInt16? {
        server.port
    }

    /// How many client connections are open now.
    public var openConnections: Int {
        server.openConnections
    }

    /// Stops listening and closes every connection; calling it again does nothing.
    public func stop() {
        ticker.stop()
        server.stop()
    }

    /// Changes the faults, flags, refusals or new-post pace of the running server.
    public func update(_ change: @Sendable (inout FeedServerFaults) -> Void) {
        router.update(change)
    }

    /// The faults, flags, refusals and new-post pace now in force.
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

    /// The post behind status `id` of the Mastodon dialect (`"50"` → `"p50"`), if there is one.
    public func postID(ofStatus id: String) -> String? {
        router.postID(ofStatus: id)
    }

    /// The server's truth about every post whose like state a request changed since start.
    public func changedLikeStates() -> [String: FeedServerLikeState] {
        router.changedLikeStates()
    }

    /// Publishes `count` new posts now, at the top of the feed for sessions started from now on;
    /// returns their ids (`p501`, `p502`, … after 500 posts).
    /// Another user likes (`liking`) or unlikes post `id`: its count moves by one and `GET /v1/live` tells.
    public func likeByOthers(_ id: String, liking: Bool = true) {
        guard let index = router.state.withLock({ $0.catalog.indexByID[id] }) else { return }
        router.likeByOthers(index: index, liking: liking)
    }

    /// The number of the latest `GET /v1/live` event.
    public var latestLiveEvent: Int { router.live.latestID }

    /// As a restarted server would: every cursor handed out so far is refused from now on (400,
    /// "unknown"), while the posts and their likes stay as they are.
    public func forgetSessions() {
        router.forgetSessions()
    }

    @discardableResult
    public func publishNewPosts(_ count: Int) -> [String] {
        router.publishNewPosts(count)
    }

    /// The analytics events stored so far (`POST /v1/events`), oldest first, repeats dropped.
    public func storedEvents() -> [StoredEvent] {
        router.eventLog.withLock { $0.events }
    }

    /// How many analytics events arrived again and were dropped.
    public var duplicateEvents: Int {
        router.eventLog.withLock { $0.duplicates }
    }
}
