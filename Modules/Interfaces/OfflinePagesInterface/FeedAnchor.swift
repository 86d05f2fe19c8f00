import FeedInterface
import Foundation

/// Where the reader was in the saved feed: the top visible post and how many of its lines were
/// scrolled off, and when that was saved.
public struct FeedAnchor: Hashable, Sendable {
    /// The post at the top of the screen.
    public let post: PostID
    /// Lines of that post scrolled above the screen (0 or more).
    public let lineOffset: Int
    /// When the place was saved.
    public let savedAt: Date

    /// Creates an anchor; a negative offset counts as 0.
    public init(post: PostID, lineOffset: Int, savedAt: Date) {
        self.post = post
        self.lineOffset = max(0, lineOffset)
        self.savedAt = savedAt
    }
}
