import FeedInterface

/// Every message the profile shows a person, worded in one place.
public enum ProfileMessage: Hashable, Sendable {
    /// The first page of the author's posts failed.
    case firstPageFailed(FeedError)
    /// A later page failed; a retry row is shown.
    case nextPageFailed(FeedError)
    /// A like or unlike did not reach the server; the heart went back.
    case likeFailed(wanted: Bool)
    /// The selected post's photo is being fetched for the system's viewer (`o`).
    case openingPhoto
    /// The photo could not be opened; the line says why.
    case photoNotOpened(String)

    /// The text, e.g. "Couldn't load more: the server answered 503".
    public var text: String {
        switch self {
        case .firstPageFailed(let error): "Couldn't load these posts: \(error)"
        case .nextPageFailed(let error): "Couldn't load more: \(error)"
        case .likeFailed(let wanted): wanted ? "Couldn't like" : "Couldn't unlike"
        case .openingPhoto: "Opening the photo in the viewer"
        case .photoNotOpened(let line): line
        }
    }
}
