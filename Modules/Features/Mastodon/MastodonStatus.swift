import FeedInterface
import ImageCodec

/// A status in the feed's terms: the post (the boosted one for a boost) with its photo, and what
/// the Mastodon API adds to a post.
public struct MastodonStatus: Sendable {
    /// The post: author, caption as plain text, the first image, favourites as likes, replies.
    public let post: Post
    /// The timeline entry's own id: the boost's for a boost (newer than the boosted post's), what
    /// `max_id` and `min_id` compare.
    public let entryID: String
    /// The author's `@user@host` (`@user` on their own server).
    public let handle: String
    /// Who boosted it, when the timeline shows it as a boost.
    public let boostedBy: String?
    /// The content warning (`spoiler_text`) that hides the caption and photo until revealed.
    public let contentWarning: String?
    /// Whether the photo is marked sensitive (only its BlurHash shows until revealed).
    public let sensitive: Bool
    /// The photo's BlurHash. The post's placeholder colour is its average today; the screens do not
    /// draw its shapes yet (issue 32).
    public let blurHash: BlurHash?
}
