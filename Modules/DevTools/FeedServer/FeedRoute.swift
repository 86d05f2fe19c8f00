/// The routes of the feed API.
enum FeedRoute: Equatable, Sendable {
    case feed
    case newCount
    case likes
    case like(id: String)
    case userPosts(userID: String)
    case flags
    case controlFlags
    case photo(id: String)
    case openAPI
    /// Analytics batches (telemetry) and what the server stored.
    case events
    case eventsSummary
    case live
    case likeCounts
    /// The Mastodon dialect's routes (`/api/v1/…`).
    case mastodon(MastodonRoute)

    /// The route of `path`; nil when no route matches.
    init?(path: String) {
        switch path {
        case "/v1/feed": self = .feed
        case "/v1/feed/new-count": self = .newCount
        case "/v1/likes": self = .likes
        case "/v1/flags": self = .flags
        case "/v1/control/flags": self = .controlFlags
        case "/openapi.json": self = .openAPI
        case "/v1/events": self = .events
        case "/v1/events/summary": self = .eventsSummary
        case "/v1/live": self = .live
        case "/v1/posts/like-counts": self = .likeCounts
        default:
            if let route = MastodonRoute(path: path) {
                self = .mastodon(route)
                return
            }
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count >= 4, parts[0].isEmpty, parts[1] == "v1", !parts[3].isEmpty else { return nil }
            switch (parts.count, parts[2]) {
            case (5, "posts") where parts[4] == "like":
                self = .like(id: String(parts[3]))
            case (5, "users") where parts[4] == "posts":
                self = .userPosts(userID: String(parts[3]))
            case (4, "photos") where parts[3].hasSuffix(".jpg") && parts[3].count > 4:
                self = .photo(id: String(parts[3].dropLast(4)))
            default:
                return nil
            }
        }
    }

    /// The path with `{id}` for an id, as used in stats keys: one of a fixed set.
    var template: String {
        switch self {
        case .feed: "/v1/feed"
        case .newCount: "/v1/feed/new-count"
        case .likes: "/v1/likes"
        case .like: "/v1/posts/{id}/like"
        case .userPosts: "/v1/users/{id}/posts"
        case .flags: "/v1/flags"
        case .controlFlags: "/v1/control/flags"
        case .photo: "/v1/photos/{id}.jpg"
        case .openAPI: "/openapi.json"
        case .events: "/v1/events"
        case .eventsSummary: "/v1/events/summary"
        case .live: "/v1/live"
        case .likeCounts: "/v1/posts/like-counts"
        case .mastodon(let route): route.template
        }
    }

    /// The methods the route answers.
    var methods: [String] {
        switch self {
        case .like: ["PUT", "POST"]
        case .controlFlags: ["PUT"]
        case .events: ["POST"]
        case .mastodon(let route): route.methods
        default: ["GET", "HEAD"]
        }
    }

    /// Whether injected faults (latency, failures, the rate limit) apply: not to the demo's control route.
    var takesFaults: Bool {
        self != .controlFlags
    }
}
