import FeedInterface
import Networking

/// Turns the HTTP client's errors into the feed's own, so screens never see transport types.
enum FeedErrorMapping {
    /// `error` from a page request; `hadCursor` tells a refused cursor from a refused first page.
    static func feedError(_ error: HTTPError, hadCursor: Bool) -> FeedError {
        switch error {
        case .cancelled:
            return .cancelled
        case .unreachable, .timeout:
            return .offline(reason: error.description)
        case .status(let code, _) where hadCursor && refusedCursorStatuses.contains(code):
            return .cursorExpired
        default:
            return .server(reason: error.description)
        }
    }

    /// 400, 404, 410 or 422 on a next page: the server refuses the cursor itself (an expired
    /// session). Auth (401, 403) and throttling (408, 429) are not about the cursor.
    static let refusedCursorStatuses: Set<Int> = [400, 404, 410, 422]
}
