import FeedInterface
import LikesInterface

/// One tap on a heart, as a post store numbers it: only the latest tap on a post may settle it.
public struct LikeTap: Hashable, Sendable {
    /// The post tapped.
    public let post: PostID
    /// The tap's number in the store; later taps have larger numbers.
    public let number: Int
    /// The heart the user wants after this tap.
    public let wanted: Bool
    /// The server's heart and count before the taps (kept with a queued intent, to roll back to).
    public let before: LikeResult

    /// Creates a tap.
    public init(post: PostID, number: Int, wanted: Bool, before: LikeResult) {
        self.post = post
        self.number = number
        self.wanted = wanted
        self.before = before
    }
}
