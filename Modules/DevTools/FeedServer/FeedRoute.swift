/// The routes of the feed API.
enum FeedRoute: Equatable, Sendable {
    case feed
    case newCount
    case likes
    case like(id: String)
    case flags
    case openAPI

    /// The route of `path`; nil when no route matches.
    init?(path: String) {
        switch path {
        case "/v1/feed": self = .feed
        case "/v1/feed/new-count": self = .newCount
        case "/v1/likes": self = .likes
        case "/v1/flags": self = .flags
        case "/openapi.json": self = .openAPI
        default:
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 5, parts[0].isEmpty, parts[1] == "v1", parts[2] == "posts", !parts[3].isEmpty,
                  parts[4] == "like"
            else { return nil }
            self = .like(id: String(parts[3]))
        }
    }

    /// The path with `{id}` for the post id, as used in stats keys.
    var template: String {
        switch self {
        case .feed: "/v1/feed"
        case .newCount: "/v1/feed/new-count"
        case .likes: "/v1/likes"
        case .like: "/v1/posts/{id}/like"
        case .flags: "/v1/flags"
        case .openAPI: "/openapi.json"
        }
    }

    /// The methods the route answers.
    var methods: [String] {
        switch self {
        case .like: ["PUT", "POST"]
        default: ["GET", "HEAD"]
        }
    }
}
