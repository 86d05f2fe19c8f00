/// One event of a server's live stream, decoded and range-checked (whatever its dialect).
public enum LiveEvent: Hashable, Sendable {
    /// Post `post` has `likeCount` likes now, and the user's heart on it is `liked`; `version` says
    /// how new the pair is, when the server says (an event older than a like's reply is dropped).
    case likes(post: PostID, likeCount: Int, liked: Bool, version: Int?)
    /// Posts were published: the newest, and how many are above `above` when the server counted.
    case newPosts(newest: PostID, count: Int?, above: PostID?)
    /// The server's flags now.
    case flags([String: Bool])
    /// The server lost track of what the client has: read the state again, go on after `latest`.
    case reset(latest: Int)
    /// Post `post` was deleted on the server: screens drop it, above or below the reader, never under it.
    case deleted(PostID)
    /// Post `post` changed on the server in a way the event does not fully say (a Mastodon edit,
    /// rendered whenever, for whomever): its heart and count are read again.
    case changed(PostID)
}
