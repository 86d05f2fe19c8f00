/// What the server has seen so far, for tests and benchmarks. Every collection is bounded
/// whatever clients send: route keys come from a fixed set, cursors are kept only when valid and
/// only the latest `maxFeedCursors`, like counts only for posts that exist.
public struct FeedServerStats: Sendable, Equatable {
    /// The key of requests to a path no route matches.
    public static let unmatched = "unmatched"
    /// The key of requests with a method their route does not answer.
    public static let otherMethod = "other method"
    /// How many feed cursors are kept (the latest ones).
    public static let maxFeedCursors = 1000

    /// Requests per route, keyed like `"GET /v1/feed"` or `"PUT /v1/posts/{id}/like"` (HEAD
    /// counts as GET), plus `unmatched` and `other method`.
    public var requests: [String: Int] = [:]
    /// The `cursor` of the latest `GET /v1/feed` requests that carried a valid one (or none: nil
    /// for a first page), oldest first.
    public var feedCursors: [String?] = []
    /// Like writes (PUT or POST) per existing post id.
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

    /// Keeps `cursor` (nil for a first page), dropping the oldest past the bound.
    mutating func recordFeedCursor(_ cursor: String?) {
        if feedCursors.count >= Self.maxFeedCursors {
            feedCursors.removeFirst(feedCursors.count - Self.maxFeedCursors + 1)
        }
        feedCursors.append(cursor)
    }
}
