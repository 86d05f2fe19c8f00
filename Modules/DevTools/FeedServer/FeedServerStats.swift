/// What the server has seen so far, for tests and benchmarks.
public struct FeedServerStats: Sendable, Equatable {
    /// Requests per route, keyed like `"GET /v1/feed"` or `"PUT /v1/posts/{id}/like"`; requests to
    /// unknown paths count under `"unmatched"`.
    public var requests: [String: Int] = [:]
    /// The `cursor` of every `GET /v1/feed` request in arrival order; nil for a first page.
    public var feedCursors: [String?] = []
    /// Like writes (PUT or POST) per post id.
    public var likeRequests: [String: Int] = [:]
    /// Answers per status code.
    public var statuses: [Int: Int] = [:]

    /// Creates empty stats.
    public init() {}

    /// The number of requests to `route`, e.g. `"GET /v1/likes"`.
    public func count(_ route: String) -> Int {
        requests[route, default: 0]
    }

    /// The number of requests of any route.
    public var totalRequests: Int {
        requests.values.reduce(0, +)
    }
}
