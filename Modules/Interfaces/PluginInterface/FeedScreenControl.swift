import FeedInterface

/// What a feed screen lets a follow-up read: the screen's own state, never its internals.
@MainActor
public protocol FeedScreenControl: AnyObject {
    /// The first row, once the first page is in and no refresh is under way: what a poll counts from.
    var newestShownPost: PostID? { get }
    /// The paging session shown; a refresh or a new first page starts the next one.
    var session: Int { get }
    /// Likes of the rows not yet settled on the server.
    var waitingLikes: Int { get }
}
