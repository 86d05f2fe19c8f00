/// A route of the Mastodon dialect (`/api/v1/…`): the reference dataset as a Mastodon-API server
/// shows it, for `feed --api mastodon` with no network.
enum MastodonRoute: Equatable, Sendable {
    case instance
    /// `home`, `public` (with `local=true` too) or `tag/NAME`'s timeline.
    case timeline(tag: String?)
    case status(id: String)
    case favourite(id: String, on: Bool)
    case accountStatuses(id: String)
    /// `GET /api/v1/statuses?id[]=…`: several statuses at once (Mastodon 4.3).
    case statuses
    /// `GET /api/v1/streaming/…`: the live stream of a timeline.
    case streaming(Channel)
    /// `POST /api/v1/apps`, `POST /oauth/token`, `POST /oauth/revoke`: sign-in with an out-of-band code.
    case apps, token, revoke

    /// A stream of the Mastodon streaming API.
    enum Channel: Equatable, Sendable {
        /// The signed-in user's home timeline: statuses rendered with their `favourited`.
        case user
        /// Every public status (`public`, `public/local`), rendered for nobody.
        case `public`
        /// The public statuses with a tag.
        case hashtag(String)

        /// The tag a status must carry, for a hashtag stream.
        var tag: String? { if case .hashtag(let tag) = self { tag } else { nil } }
    }

    /// The route of `path`, one under `/api/v1/`; nil when none matches (a hashtag stream's tag is in its query).
    init?(path: String) {
        switch path {
        case "/oauth/token": self = .token; return
        case "/oauth/revoke": self = .revoke; return
        case "/api/v1/apps": self = .apps; return
        default: break
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 4, parts[0].isEmpty, parts[1] == "api", parts[2] == "v1", !parts.dropFirst().contains("") else { return nil }
        let rest = Array(parts.dropFirst(3))
        switch rest.count {
        case 1 where rest[0] == "instance": self = .instance
        case 1 where rest[0] == "statuses": self = .statuses
        case 2 where rest[0] == "streaming" && rest[1] == "user": self = .streaming(.user)
        case 2 where rest[0] == "streaming" && rest[1] == "public": self = .streaming(.public)
        case 3 where rest[0] == "streaming" && rest[1] == "public" && rest[2] == "local": self = .streaming(.public)
        case 2 where rest[0] == "streaming" && rest[1] == "hashtag": self = .streaming(.hashtag(""))
        case 2 where rest[0] == "timelines" && (rest[1] == "home" || rest[1] == "public"): self = .timeline(tag: nil)
        case 3 where rest[0] == "timelines" && rest[1] == "tag": self = .timeline(tag: rest[2])
        case 2 where rest[0] == "statuses": self = .status(id: rest[1])
        case 3 where rest[0] == "statuses" && (rest[2] == "favourite" || rest[2] == "unfavourite"): self = .favourite(id: rest[1], on: rest[2] == "favourite")
        case 3 where rest[0] == "accounts" && rest[2] == "statuses": self = .accountStatuses(id: rest[1])
        default: return nil
        }
    }

    /// The path with `{id}` for an id, as used in stats keys.
    var template: String {
        switch self {
        case .instance: "/api/v1/instance"
        case .timeline(let tag): tag == nil ? "/api/v1/timelines/{home|public}" : "/api/v1/timelines/tag/{tag}"
        case .status: "/api/v1/statuses/{id}"
        case .favourite(_, let on): on ? "/api/v1/statuses/{id}/favourite" : "/api/v1/statuses/{id}/unfavourite"
        case .accountStatuses: "/api/v1/accounts/{id}/statuses"
        case .statuses: "/api/v1/statuses"
        case .streaming(.user): "/api/v1/streaming/user"
        case .streaming(.public): "/api/v1/streaming/public"
        case .streaming(.hashtag): "/api/v1/streaming/hashtag"
        case .apps: "/api/v1/apps"
        case .token: "/oauth/token"
        case .revoke: "/oauth/revoke"
        }
    }

    /// The methods the route answers.
    var methods: [String] {
        switch self {
        case .favourite, .apps, .token, .revoke: ["POST"]
        default: ["GET", "HEAD"]
        }
    }
}
