import Foundation

/// Which timeline a Mastodon feed pages through (`--timeline home|local|public|tag:NAME`).
public enum MastodonTimeline: Hashable, Sendable, CustomStringConvertible {
    /// The signed-in user's home timeline (needs a token).
    case home
    /// The server's own users' public posts.
    case local
    /// Every public post the server knows.
    case `public`
    /// The public posts with a hashtag (its name without `#`).
    case tag(String)
    /// One account's statuses with media (a profile), by account ID.
    case account(String)

    /// The timeline `text` names, or nil: a tag is 1 to 100 letters, digits or `_`.
    public init?(_ text: String) {
        switch text {
        case "home": self = .home
        case "local": self = .local
        case "public": self = .public
        default:
            guard text.hasPrefix("tag:") else { return nil }
            let name = text.dropFirst(4)
            guard (1...100).contains(name.count), name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
            self = .tag(String(name))
        }
    }

    /// The request path's segments and query.
    var request: (segments: [String], query: [URLQueryItem]) {
        switch self {
        case .home: (["api", "v1", "timelines", "home"], [])
        case .local: (["api", "v1", "timelines", "public"], [URLQueryItem(name: "local", value: "true")])
        case .public: (["api", "v1", "timelines", "public"], [])
        case .tag(let name): (["api", "v1", "timelines", "tag", name], [])
        case .account(let id): (["api", "v1", "accounts", id, "statuses"], [URLQueryItem(name: "only_media", value: "true")])
        }
    }

    public var description: String {
        switch self {
        case .home: "home"
        case .local: "local"
        case .public: "public"
        case .tag(let name): "tag:\(name)"
        case .account(let id): "account:\(id)"
        }
    }
}
