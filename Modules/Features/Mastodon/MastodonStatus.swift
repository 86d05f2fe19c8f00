import FeedInterface

/// A status in the feed's terms: the post (the boosted one for a boost, with its booster, content
/// warning and sensitive mark in `post.notes`, its BlurHash in `post.image`), and the timeline entry it came as.
public struct MastodonStatus: Sendable {
    /// The post: author, caption as plain text, the first image (none for a text status), favourites as likes, replies.
    public let post: Post
    /// The timeline entry's own id: the boost's for a boost (newer than the boosted post's), what
    /// `max_id` and `min_id` compare.
    public let entryID: String
    /// The author's `@user@host` (`@user` on their own server).
    public let handle: String
}
