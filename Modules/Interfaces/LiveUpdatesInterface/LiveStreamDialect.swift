import FeedInterface
import Foundation
import LikesInterface

/// How one server API's live stream is asked for and read: the feed API's `GET /v1/live`, or the
/// Mastodon API's streaming (`GET /api/v1/streaming/user`…). The live-updates follow-up opens,
/// bounds, backs off and applies; a dialect only names the stream and reads its messages.
public protocol LiveStreamDialect: Sendable {
    /// The stream's path segments and query, resuming after event `lastID` where the API numbers
    /// its events, with new posts counted above `newestShown` where it counts them.
    func stream(after lastID: Int, newestShown: PostID?) -> (pathSegments: [String], query: [URLQueryItem])
    /// What one message (its `event:` name and `data:`) says, range-checked.
    func decode(event: String, data: String) -> LiveDecoding
    /// The server's heart and count of `ids` now, read after a (re)connect or a gap.
    func counts(of ids: [PostID]) async throws -> [PostID: LikeResult]
    /// The most posts whose counts are read again at once (each read may be a request).
    var countsLimit: Int { get }
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
