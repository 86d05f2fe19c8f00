import FeedInterface

/// A queued like settled with no caller waiting for it (it was reported `queued`, its caller
/// stopped waiting, or it was saved by an earlier run): what screens should now show.
public struct LikeQueueEvent: Hashable, Sendable {
    /// How a queued like ended.
    public enum Outcome: Hashable, Sendable {
        /// The server holds what the user wanted; its reply.
        case saved(LikeResult)
        /// The like was dropped without the server holding it (refused for good, or it could not be
        /// kept on this device); `serverState` is what the server last said, `nil` if it never did.
        case refused(serverState: LikeResult?)
    }

    /// The post.
    public let post: PostID
    /// How it ended.
    public let outcome: Outcome

    /// Creates an event.
    public init(post: PostID, outcome: Outcome) {
        self.post = post
        self.outcome = outcome
    }
}
