/// Whether the current user likes a post, or `unknown` when the likes read failed.
public enum LikeState: String, Hashable, Sendable {
    /// The user likes the post.
    case liked
    /// The user does not like the post.
    case notLiked
    /// The likes read failed; the heart is dimmed and disabled, never shown as "not liked".
    case unknown

    /// The state for a known answer.
    public init(_ liked: Bool) { self = liked ? .liked : .notLiked }

    /// `true` or `false` when known, `nil` while unknown.
    public var isLiked: Bool? {
        switch self {
        case .liked: true
        case .notLiked: false
        case .unknown: nil
        }
    }
}
