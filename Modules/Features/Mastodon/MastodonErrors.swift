import FeedInterface
import Networking

/// The HTTP client's errors in the feed's terms, with what a Mastodon server's statuses mean.
enum MastodonErrors {
    /// `error` from a timeline request; `hadCursor` tells a refused `max_id` from a refused first page.
    static func feedError(_ error: any Error, hadCursor: Bool) -> FeedError {
        guard let error = error as? HTTPError else { return FeedError(error) }
        switch error {
        case .cancelled: return .cancelled
        case .unreachable, .timeout: return .offline(reason: error.description)
        case .status(401, _): return .server(reason: "the server rejected the token (401); sign in again")
        case .status(let code, _) where hadCursor && [400, 404, 410, 422].contains(code): return .cursorExpired
        default: return .server(reason: error.description)
        }
    }
}
