import Foundation
import HTTPServer
import Synchronization

/// Answers feed API requests: routing, fault injection and the server's state.
final class FeedRouter: Sendable {
    private enum Admission {
        case rateLimited
        case failed(latencyMS: Int)
        case proceed(latencyMS: Int)
    }

    /// The posts the server started with.
    let dataset: FeedDataset
    let seed: UInt64
    let control: Bool
    /// The APIs answered.
    let api: ServedAPI
    let state: Mutex<FeedServerState>
    let now: @Sendable () -> Double
    /// The generated photos.
    let photos = PhotoStore()
    /// The port photo URLs name: the bound one once the server started.
    let publicPort: Mutex<UInt16>
    /// The analytics events stored (telemetry), apart from the feed's state.
    let eventLog = Mutex(EventLog())
    let log: (@Sendable (String) -> Void)?
    /// The events of `GET /v1/live`.
    let live = LiveHub()
    /// Each photo's BlurHash, made at its first status (the Mastodon dialect).
    let blurHashes = Mutex<[String: String]>([:])
    /// Requests waiting while a test holds their route.
    let holds: RouteHolds

    static let defaultLimit = 20
    static let limitRange = 1...100
    static let maxLikeIDs = 100

    /// Creates a router; `now` gives seconds since 1970 (for the rate limit and new posts).
    init(
        options: FeedServerOptions,
        log: (@Sendable (String) -> Void)?,
        now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) {
        dataset = FeedDataset(count: options.posts, seed: options.seed)
        seed = options.seed
        control = options.control
        api = options.api
        state = Mutex(FeedServerState(dataset: dataset, faults: options.faults, seed: options.seed, startedAt: now()))
        holds = RouteHolds(held: Self.held(by: options.faults))
        self.now = now
        self.log = log
        publicPort = Mutex(options.port)
    }

    // MARK: State for the public API

    func update(_ change: (inout FeedServerFaults) -> Void) {
        let faults = state.withLock { state in
            change(&state.faults)
            return state.faults
        }
        holds.set(Self.held(by: faults))
    }

    var faults: FeedServerFaults {
        state.withLock { $0.faults }
    }

    func stats() -> FeedServerStats {
        state.withLock { $0.stats }
    }

    func likeState(of id: String) -> (liked: Bool, likeCount: Int)? {
        state.withLock { state in
            state.catalog.indexByID[id].map { (state.liked[$0], state.likeCounts[$0]) }
        }
    }

    /// Refuses every cursor handed out so far (a restart).
    func forgetSessions() {
        state.withLock { $0.forgottenSessions = $0.sessions }
    }

    /// Post `id`'s likes with their version, read at once.
    func likeSnapshot(of id: String) -> (liked: Bool, likeCount: Int, version: Int)? {
        state.withLock { state in
            state.catalog.indexByID[id].map { (state.liked[$0], state.likeCounts[$0], state.likeVersions[$0]) }
        }
    }

    /// The newest post's ID (the top of the feed), if any.
    func firstPostID() -> String? {
        state.withLock { $0.catalog.posts.last?.id }
    }

    func changedLikeStates() -> [String: FeedServerLikeState] {
        state.withLock { state in
            Dictionary(uniqueKeysWithValues: state.changed.map { index in
                (state.catalog.posts[index].id, FeedServerLikeState(liked: state.liked[index], likeCount: state.likeCounts[index]))
            })
        }
    }

    @discardableResult
    func publishNewPosts(_ count: Int) -> [String] {
        let time = now()
        return state.withLock { $0.publish(count, now: time) }
    }

    // MARK: Requests

    /// Answers one request, counting it and logging it when logging is on.
    func handle(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        let started = ContinuousClock.now
        let response = await route(request)
        state.withLock { $0.stats.statuses[response.status, default: 0] += 1 }
        if let log {
            let elapsed = ContinuousClock.now - started
            let milliseconds = elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
            let query = request.query.isEmpty ? "" : "?" + request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
            log("\(request.method) \(request.path)\(query) \(response.status) \(milliseconds)ms")
        }
        return response
    }

    private func route(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        guard let route = FeedRoute(path: request.path), route != .controlFlags || control, api.serves(route) else {
            state.withLock { $0.stats.requests[FeedServerStats.unmatched, default: 0] += 1 }
            return Self.error(404, "no route for \(request.path); the routes are listed at /openapi.json")
        }
        guard route.methods.contains(request.method) else {
            state.withLock { $0.stats.requests[FeedServerStats.otherMethod, default: 0] += 1 }
            var response = Self.error(405, "\(request.method) is not allowed on \(route.template); use \(route.methods.joined(separator: " or "))")
            response.headers.append(("Allow", route.methods.joined(separator: ", ")))
            return response
        }
        switch admit(request, route: route) {
        case .rateLimited:
            return Self.error(429, "too many requests; retry after 1 second", headers: [("Retry-After", "1")])
        case .failed(let latencyMS):
            guard await Self.delay(latencyMS) else { return Self.clientGone }
            guard await waitWhileHeld(route) else { return Self.clientGone }
            return Self.error(503, "the server failed this request on purpose (fault injection); retry")
        case .proceed(let latencyMS):
            guard await Self.delay(latencyMS) else { return Self.clientGone }
            guard await waitWhileHeld(route) else { return Self.clientGone }
        }
        switch route {
        case .feed: return feed(request)
        case .newCount: return newCount(request)
        case .userPosts(let userID): return userPosts(userID, request)
        case .likes: return likes(request)
        case .like(let id): return like(id, request)
        case .flags: return flags(request)
        case .controlFlags: return controlFlags(request)
        case .photo(let id): return await photo(id, request)
        case .openAPI: return .json(200, Data(OpenAPIDocument.json.utf8))
        case .events: return postEvents(request)
        case .eventsSummary: return eventsSummary(request)
        case .live: return liveStream(request)
        case .likeCounts: return likeCounts(request)
        case .mastodon(let route): return mastodon(route, request)
        }
    }

    /// Counts the request, publishes due posts and decides on injected faults, all under the lock.
    private func admit(_ request: HTTPServerRequest, route: FeedRoute) -> Admission {
        let method = request.method == "HEAD" ? "GET" : request.method
        let time = now()
        return state.withLock { state in
            state.stats.requests["\(method) \(route.template)", default: 0] += 1
            state.publishDuePosts(now: time)
            if case .feed = route { recordCursor(request.queryValue("cursor"), in: &state) }
            if case .like(let id) = route, state.catalog.indexByID[id] != nil { state.stats.likeRequests[id, default: 0] += 1 }
            guard route.takesFaults else { return .proceed(latencyMS: 0) }
            if state.isOverRateLimit(now: time) { return .rateLimited }
            let faults = state.faults
            var latency = max(0, faults.latencyMS)
            if case .like = route { latency += max(0, faults.likeLatencyMS) }
            if case .photo = route { latency += max(0, faults.photoLatencyMS) }
            if faults.failRate > 0 && state.faultRandom.chance(faults.failRate) {
                return .failed(latencyMS: latency)
            }
            // Both reads of the user's hearts: the likes read and the live counts' refetch.
            if route == .likes || route == .likeCounts, faults.likesFailRate > 0, state.faultRandom.chance(faults.likesFailRate) {
                return .failed(latencyMS: latency)
            }
            return .proceed(latencyMS: latency)
        }
    }

    /// Keeps a first page's nil or a cursor that points into a known session; junk is not kept.
    private func recordCursor(_ text: String?, in state: inout FeedServerState) {
        guard let text else { return state.stats.recordFeedCursor(nil) }
        guard let cursor = FeedCursor(encoded: text), cursor.session <= state.sessions,
              cursor.offset <= state.postCount(session: cursor.session)
        else { return }
        state.stats.recordFeedCursor(text)
    }

    // MARK: Helpers

    static func json(_ status: Int, _ value: some Encodable, headers: [(name: String, value: String)] = []) -> HTTPServerResponse {
        .json(status, FeedServerDTO.encode(value), headers: headers)
    }

    static func error(_ status: Int, _ message: String, headers: [(name: String, value: String)] = []) -> HTTPServerResponse {
        .json(status, FeedServerDTO.encode(FeedServerDTO.ErrorBody(error: message)), headers: headers)
    }

    /// The `limit` query item: the default when absent, nil when it is not an integer in range.
    static func limit(_ request: HTTPServerRequest) -> Int? {
        guard let text = request.queryValue("limit") else { return defaultLimit }
        guard let value = Int(text), limitRange.contains(value) else { return nil }
        return value
    }

    static func badLimit(_ request: HTTPServerRequest) -> HTTPServerResponse {
        error(400, "limit must be an integer from 1 to 100, got \"\(request.queryValue("limit") ?? "")\"")
    }

    /// What a request whose client went away gets (never sent: its connection is closed).
    static let clientGone = error(503, "the client closed the connection")

    /// Waits while the route is held (`holdLikesReads`, `holdPhotos`: a test's gate), at most a
    /// minute; `false` when the client left.
    private func waitWhileHeld(_ route: FeedRoute) async -> Bool {
        switch route {
        case .likes: await holds.wait(.likesReads, atMost: .seconds(60))
        case .photo: await holds.wait(.photos, atMost: .seconds(60))
        default: !Task.isCancelled
        }
    }

    private static func held(by faults: FeedServerFaults) -> Set<RouteHolds.Route> {
        var held: Set<RouteHolds.Route> = []
        if faults.holdLikesReads { held.insert(.likesReads) }
        if faults.holdPhotos { held.insert(.photos) }
        return held
    }

    /// Waits `milliseconds`; false when the request was cancelled first (its client went away).
    private static func delay(_ milliseconds: Int) async -> Bool {
        guard milliseconds > 0 else { return !Task.isCancelled }
        do {
            try await Task.sleep(for: .milliseconds(milliseconds))
            return true
        } catch {
            return false
        }
    }
}
