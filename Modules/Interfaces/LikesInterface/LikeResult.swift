/// What the server holds for one post after a like request: its `liked` and its `likeCount`, and,
/// when the server says it, the `version` of that pair.
public struct LikeResult: Hashable, Sendable {
    /// Whether the server holds the post as liked by the user.
    public let liked: Bool
    /// The post's like count as the server counts it.
    public let likeCount: Int
    /// How new the pair is: it grows with every change of the post's likes on the server, so of two
    /// pairs of one post the one with the lower version is older (`nil`: the server does not say).
    public let version: Int?

    /// Creates a result.
    public init(liked: Bool, likeCount: Int, version: Int? = nil) {
        self.liked = liked
        self.likeCount = likeCount
        self.version = version
    }

    /// The versions believed from a server: a number of changes that never overflows when compared.
    public static let versions = 0...(1 << 62)

    /// Whether this pair is older than `other` by the server's versions (never when either has none).
    public func isOlder(than other: LikeResult?) -> Bool {
        guard let version, let newer = other?.version else { return false }
        return version < newer
    }
}
