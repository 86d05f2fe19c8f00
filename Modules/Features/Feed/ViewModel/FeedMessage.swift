import FeedInterface

/// Every message the feed shows a person, worded in one place.
public enum FeedMessage: Hashable, Sendable {
    /// The first page failed and nothing is shown.
    case firstPageFailed(FeedError)
    /// A later page failed; a retry row is shown.
    case nextPageFailed(FeedError)
    /// A refresh failed; the rows stay.
    case refreshFailed(FeedError)
    /// A like or unlike did not reach the server; the heart went back.
    case likeFailed(wanted: Bool)

    /// The text, e.g. "Couldn't load more: the server answered 503".
    public var text: String {
        switch self {
        case .firstPageFailed(let error): "Couldn't load the feed: \(error)"
        case .nextPageFailed(let error): "Couldn't load more: \(error)"
        case .refreshFailed(let error): "Couldn't refresh: \(error). Showing the posts you had."
        case .likeFailed(let wanted): wanted ? "Couldn't like" : "Couldn't unlike"
        }
    }
}
