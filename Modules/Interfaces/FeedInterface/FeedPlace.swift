/// Where the reader is: the top visible post and how many of its lines are scrolled above the screen.
public struct FeedPlace: Hashable, Sendable {
    /// The post at the top of the screen.
    public let post: PostID
    /// Lines of it scrolled off (0 or more).
    public let lineOffset: Int

    /// A place; a negative offset counts as 0.
    public init(post: PostID, lineOffset: Int = 0) {
        self.post = post
        self.lineOffset = max(0, lineOffset)
    }
}
