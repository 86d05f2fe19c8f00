import FeedInterface
import LikesInterface

/// Every message the feed shows a person, worded in one place.
public enum FeedMessage: Hashable, Sendable {
    /// The first page failed and nothing is shown.
    case firstPageFailed(FeedError)
    /// A later page failed; a retry row is shown.
    case nextPageFailed(FeedError)
    /// The first page failed and the saved feed is too old to show (`--hide-after`).
    case savedFeedTooOld(FeedError)
    /// A refresh failed; the rows stay.
    case refreshFailed(FeedError)
    /// A like or unlike did not reach the server; the heart went back.
    case likeFailed(wanted: Bool)
    /// The server no longer accepted the place in the feed: a new first page replaced the rows, read from the top.
    case startedOver
    /// The selected post's photo is being fetched for the system's viewer (`o`).
    case openingPhoto
    /// The photo could not be opened; the line says why.
    case photoNotOpened(String)

    /// The message after a like of `wanted` ended with `outcome`: "Couldn't like" when it failed or
    /// the server was read back holding the other heart; `nil` otherwise.
    public static func after(_ outcome: LikeOutcome, of wanted: Bool) -> FeedMessage? {
        switch outcome {
        case .failed: .likeFailed(wanted: wanted)
        case .reread(let liked) where liked != wanted: .likeFailed(wanted: wanted)
        default: nil
        }
    }

    /// The text, e.g. "Couldn't load more: the server answered 503".
    public var text: String {
        switch self {
        case .firstPageFailed(let error): "Couldn't load the feed: \(error)"
        case .nextPageFailed(let error): "Couldn't load more: \(error)"
        case .savedFeedTooOld(let error): "Couldn't load the feed: \(error). The saved feed is too old to show."
        case .refreshFailed(let error): "Couldn't refresh: \(error). Showing the posts you had."
        case .likeFailed(let wanted): wanted ? "Couldn't like" : "Couldn't unlike"
        case .startedOver: "Feed started over"
        case .openingPhoto: "Opening the photo in the viewer"
        case .photoNotOpened(let line): line
        }
    }

    /// News rather than a failure: drawn as a callout.
    public var isNews: Bool { self == .startedOver || self == .openingPhoto }
}
