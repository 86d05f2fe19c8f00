import FeedInterface
import Foundation

/// The feed as it was last saved: posts in display order, where paging goes on, and when.
public struct CachedFeed: Hashable, Sendable {
    /// The saved posts in display order, with the hearts the server last gave.
    public let posts: [Post]
    /// The cursor of the page after the saved ones; `nil` when the saved pages reached the end.
    public let next: Cursor?
    /// When the feed was last written.
    public let savedAt: Date
    /// Where the reader was, if a place was saved.
    public let anchor: FeedAnchor?

    /// Creates a cached feed.
    public init(posts: [Post], next: Cursor?, savedAt: Date, anchor: FeedAnchor? = nil) {
        self.posts = posts
        self.next = next
        self.savedAt = savedAt
        self.anchor = anchor
    }
}
