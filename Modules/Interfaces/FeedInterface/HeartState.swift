/// The heart a row shows.
public enum HeartState: String, Hashable, Sendable {
    /// Filled: the user likes the post.
    case liked
    /// Empty: the user does not like the post.
    case notLiked
    /// Dimmed and disabled: the likes read failed, so nobody knows.
    case unknown
    /// Disabled for now: the posts answered and the likes read has not yet; ends known or `unknown`.
    case checking

    /// `true`/`false` when known.
    public var isLiked: Bool? {
        switch self {
        case .liked: true
        case .notLiked: false
        case .unknown, .checking: nil
        }
    }

    /// The heart for a known state.
    public init(_ liked: Bool) { self = liked ? .liked : .notLiked }
}
