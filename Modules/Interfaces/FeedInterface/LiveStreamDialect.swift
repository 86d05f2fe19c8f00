import Foundation

/// How one server API's live stream is asked for and read: the feed API's `GET /v1/live`, or the
/// Mastodon API's streaming (`GET /api/v1/streaming/user`…). Part of a server API's contract, like
/// its feed and its count of new posts: whoever streams (the live-updates follow-up) opens, bounds,
/// backs off and applies; a dialect only names the stream and reads its messages.
public protocol LiveStreamDialect: Sendable {
    /// The stream's path segments and query, resuming after event `lastID` where the API numbers
    /// its events, with new posts counted above `newestShown` where it counts them.
    func stream(after lastID: Int, newestShown: PostID?) -> (pathSegments: [String], query: [URLQueryItem])
    /// What one message (its `event:` name and `data:`) says, range-checked.
    func decode(event: String, data: String) -> LiveDecoding
    /// The server's heart and count of `ids` now, read after a (re)connect or a gap.
    func counts(of ids: [PostID]) async throws -> [PostID: ServerLikes]
    /// The most posts whose counts are read again at once (each read may be a request).
    var countsLimit: Int { get }
    /// The least time between two counts of new posts asked for by events that did not count
    /// (each is a request: a busy public stream must not spend the rate limit on them).
    var newPostsCountInterval: Duration { get }
    /// The largest message accepted (bytes; more drops the connection), when the API's messages
    /// may be larger than the stream's own bound (a status with its account and media).
    var maxMessageBytes: Int? { get }
}

extension LiveStreamDialect {
    /// No pause between counts.
    public var newPostsCountInterval: Duration { .zero }
    /// The stream's own bound.
    public var maxMessageBytes: Int? { nil }
}

/// A post's heart and count as the server holds them now (what a stream's read says).
public struct ServerLikes: Hashable, Sendable {
    /// Whether the user likes the post.
    public let liked: Bool
    /// How many like it.
    public let likeCount: Int
    /// How new the pair is, when the server says (it grows with every change of the post's likes).
    public let version: Int?

    /// Creates the pair.
    public init(liked: Bool, likeCount: Int, version: Int? = nil) {
        self.liked = liked
        self.likeCount = likeCount
        self.version = version
    }
}

/// What a message of the live stream said.
public enum LiveDecoding: Hashable, Sendable {
    /// An event to apply.
    case event(LiveEvent)
    /// Nothing the feed uses (an event of a newer server, a notification).
    case skipped
    /// A known event that does not decode: the connection is dropped, saying `what` once.
    case malformed(String)
}
