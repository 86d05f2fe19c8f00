import FeedInterface
import Foundation

/// One pending like as `feed queue` prints it.
public struct OutboxRow: Hashable, Sendable {
    /// The post.
    public let post: PostID
    /// The heart the user wants.
    public let wanted: Bool
    /// When the first unsent tap was made.
    public let queuedAt: Date
    /// Seconds since `queuedAt` (never negative).
    public let age: TimeInterval
    /// How many sends failed so far.
    public let attempts: Int
    /// Why the latest send failed, if one did.
    public let lastError: String?

    /// Creates a row.
    public init(post: PostID, wanted: Bool, queuedAt: Date, age: TimeInterval, attempts: Int, lastError: String?) {
        self.post = post
        self.wanted = wanted
        self.queuedAt = queuedAt
        self.age = age
        self.attempts = attempts
        self.lastError = lastError
    }
}
