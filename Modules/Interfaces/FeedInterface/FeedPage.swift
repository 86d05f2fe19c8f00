/// One page of the feed in display order, and where the next one starts.
public struct FeedPage: Hashable, Sendable {
    /// The posts in the order the server ranked them.
    public let posts: [Post]
    /// The bookmark of the next page; `nil` at the end of the feed.
    public let next: Cursor?

    /// Creates a page.
    public init(posts: [Post], next: Cursor?) {
        self.posts = posts
        self.next = next
    }
}
