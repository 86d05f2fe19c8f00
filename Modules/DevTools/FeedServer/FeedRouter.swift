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

    let dataset: FeedDataset
    private let seed: UInt64
    private let state: Mutex<FeedServerState>
    private let now: @Sendable () -> Double
    private let log: (@Sendable (String) -> Void)?

    static let defaultLimit = 20
    static let limitRange = 1...100
    static let maxLikeIDs = 100

    /// Creates a router; `now` gives seconds since 1970 (for the rate limit).
    init(
        options: FeedServerOptions,
        log: (@Sendable (String) -> Void)?,
        now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) {
        dataset = FeedDataset(count: options.posts, seed: options.seed)
        seed = options.seed
        state = Mutex(FeedServerState(dataset: dataset, faults: FeedServerFaults(options: options), seed: options.seed))
        self.now = now
        self.log = log
    }

    // MARK: State for the public API

    func update(_ change: (inout FeedServerFaults) -> Void) {
        state.withLock { change(&$0.faults) }
    }

    var faults: FeedServerFaults {
        state.withLock { $0.faults }
    }

    func stats() -> FeedServerStats {
        state.withLock { $0.stats }
    }

    func likeState(of id: String) -> (liked: Bool, likeCount: Int)? {
        guard let index = dataset.indexByID[id] else { return nil }
        return state.withLock { ($0.liked[index], $0.likeCounts[index]) }
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
        guard let route = FeedRoute(path: request.path) else {
            state.withLock { $0.stats.requests["unmatched", default: 0] += 1 }
            return Self.error(404, "no route for \(request.path); the routes are listed at /openapi.json")
        }
        guard route.methods.contains(request.method) else {
            state.withLock { $0.stats.requests["\(request.method) \(route.template)", default: 0] += 1 }
            var response = Self.error(405, "\(request.method) is not allowed on \(route.template); use \(route.methods.joined(separator: " or "))")
            response.headers.append(("Allow", route.methods.joined(separator: ", ")))
            return response
        }
        switch admit(request, route: route) {
        case .rateLimited:
            return Self.error(429, "too many requests; retry after 1 second", headers: [("Retry-After", "1")])
        case .failed(let latencyMS):
            await Self.delay(latencyMS)
            return Self.error(503, "the server failed this request on purpose (fault injection); retry")
        case .proceed(let latencyMS):
            await Self.delay(latencyMS)
        }
        switch route {
        case .feed: return feed(request)
        case .newCount: return newCount(request)
        case .likes: return likes(request)
        case .like(let id): return like(id, request)
        case .flags: return Self.json(200, FeedServerDTO.Flags(flags: faults.flags))
        case .openAPI: return .json(200, Data(OpenAPIDocument.json.utf8))
        }
    }

    /// Counts the request and decides on injected faults, all under the lock.
    private func admit(_ request: HTTPServerRequest, route: FeedRoute) -> Admission {
        let method = request.method == "HEAD" ? "GET" : request.method
        let time = now()
        return state.withLock { state in
            state.stats.requests["\(method) \(route.template)", default: 0] += 1
            if case .feed = route { state.stats.feedCursors.append(request.queryValue("cursor")) }
            if case .like(let id) = route { state.stats.likeRequests[id, default: 0] += 1 }
            if state.isOverRateLimit(now: time) { return .rateLimited }
            var latency = max(0, state.faults.latencyMS)
            if case .like = route { latency += max(0, state.faults.likeLatencyMS) }
            if state.faults.failRate > 0 && state.faultRandom.chance(state.faults.failRate) {
                return .failed(latencyMS: latency)
            }
            if route == .likes && state.faults.likesFailRate > 0 && state.faultRandom.chance(state.faults.likesFailRate) {
                return .failed(latencyMS: latency)
            }
            return .proceed(latencyMS: latency)
        }
    }

    // MARK: Routes

    private func feed(_ request: HTTPServerRequest) -> HTTPServerResponse {
        var limit = Self.defaultLimit
        if let text = request.queryValue("limit") {
            guard let value = Int(text), Self.limitRange.contains(value) else {
                return Self.error(400, "limit must be an integer from 1 to 100, got \"\(text)\"")
            }
            limit = value
        }
        let cursorText = request.queryValue("cursor")
        let cursor: FeedCursor?
        if let cursorText {
            guard let parsed = FeedCursor(encoded: cursorText) else {
                return Self.error(400, "the cursor is not one this server made; load the first page without a cursor")
            }
            cursor = parsed
        } else {
            cursor = nil
        }
        let count = dataset.posts.count
        let result = state.withLock { state -> (page: FeedServerDTO.Page, malformed: Bool)? in
            let position: FeedCursor
            if let cursor {
                guard cursor.session <= state.sessions, cursor.offset <= count else { return nil }
                position = cursor
            } else {
                state.sessions += 1
                position = FeedCursor(session: state.sessions, offset: 0)
            }
            let order = state.ranking(session: position.session, count: count, seed: seed)
            let repeats = position.offset > 0 ? min(max(0, state.faults.repeatIDs), limit - 1, position.offset) : 0
            let start = position.offset - repeats
            let end = min(count, start + limit)
            let items = order[start..<end].map { index in item(index, likeCount: state.likeCounts[index]) }
            let next = end < count ? FeedCursor(session: position.session, offset: end).encoded : nil
            return (FeedServerDTO.Page(items: items, nextCursor: next), state.faults.malformedFeed)
        }
        guard let result else {
            return Self.error(400, "the cursor is unknown to this server (it may have restarted); load the first page without a cursor")
        }
        if result.malformed {
            return .json(200, Data(#"{"items":[{"id":"p1","author":{"id":"u1","name":"#.utf8))
        }
        return Self.json(200, result.page)
    }

    private func item(_ index: Int, likeCount: Int) -> FeedServerDTO.Item {
        let post = dataset.posts[index]
        return FeedServerDTO.Item(
            id: post.id,
            author: FeedServerDTO.Author(id: post.authorID, name: post.authorName),
            caption: post.caption,
            image: FeedServerDTO.Image(url: post.imageURL, width: post.width, height: post.height),
            likeCount: likeCount
        )
    }

    private func likes(_ request: HTTPServerRequest) -> HTTPServerResponse {
        guard let text = request.queryValue("postIds") else {
            return Self.error(400, "postIds is required: a comma-separated list of post ids, e.g. postIds=p1,p2")
        }
        var seen = Set<String>()
        let ids = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
        guard ids.count <= Self.maxLikeIDs else {
            return Self.error(400, "at most \(Self.maxLikeIDs) postIds per request, got \(ids.count)")
        }
        let liked = state.withLock { state in
            ids.filter { id in dataset.indexByID[id].map { state.liked[$0] } ?? false }
        }
        return Self.json(200, FeedServerDTO.Likes(liked: liked))
    }

    private func like(_ id: String, _ request: HTTPServerRequest) -> HTTPServerResponse {
        guard let index = dataset.indexByID[id] else {
            return Self.error(404, "no post with id \(id)")
        }
        guard let wanted = try? JSONDecoder().decode(FeedServerDTO.LikeRequest.self, from: request.body) else {
            return Self.error(400, #"the body must be JSON {"liked": true} or {"liked": false}"#)
        }
        let reply = state.withLock { state -> FeedServerDTO.LikeReply? in
            if state.faults.refuseLikes.contains(id) { return nil }
            if state.liked[index] != wanted.liked {
                state.liked[index] = wanted.liked
                state.likeCounts[index] = max(0, state.likeCounts[index] + (wanted.liked ? 1 : -1))
            }
            return FeedServerDTO.LikeReply(liked: state.liked[index], likeCount: state.likeCounts[index])
        }
        guard let reply else {
            return Self.error(403, "the server refuses likes on post \(id)")
        }
        return Self.json(200, reply)
    }

    private func newCount(_ request: HTTPServerRequest) -> HTTPServerResponse {
        guard let since = request.queryValue("since"), !since.isEmpty else {
            return Self.error(400, "since is required: the id of the newest post the client shows, e.g. since=p1")
        }
        guard let index = dataset.indexByID[since] else {
            return Self.error(404, "no post with id \(since)")
        }
        let count = dataset.posts.count
        let position = state.withLock { state in
            state.ranking(session: state.sessions, count: count, seed: seed).firstIndex(of: index) ?? 0
        }
        return Self.json(200, FeedServerDTO.NewCount(count: position))
    }

    // MARK: Helpers

    private static func json(_ status: Int, _ value: some Encodable) -> HTTPServerResponse {
        .json(status, FeedServerDTO.encode(value))
    }

    private static func error(_ status: Int, _ message: String, headers: [(name: String, value: String)] = []) -> HTTPServerResponse {
        .json(status, FeedServerDTO.encode(FeedServerDTO.ErrorBody(error: message)), headers: headers)
    }

    private static func delay(_ milliseconds: Int) async {
        guard milliseconds > 0 else { return }
        try? await Task.sleep(for: .milliseconds(milliseconds))
    }
}
