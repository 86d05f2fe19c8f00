import FeedInterface
import PostStoreInterface

/// What a screen lets a follow-up read: the screen's own state, never its internals.
@MainActor
public protocol ScreenControl: AnyObject {
    /// Which screen this is: the feed, or a screen over it.
    var place: ScreenPlace { get }
    /// The first row, once the first page is in and no refresh is under way: what a poll counts from.
    var newestShownPost: PostID? { get }
    /// The paging session shown; a refresh or a new first page starts the next one.
    var session: Int { get }
    /// The post store the screen's rows and hearts come from (e.g. its likes still pending).
    var postStore: (any PostStore)? { get }
    /// The posts the reader sees now, top first (and a few below): what a follow-up refreshes first.
    var postsOnScreen: [PostID] { get }
}

extension ScreenControl {
    /// A screen that does not say: no post is known to be on screen.
    public var postsOnScreen: [PostID] { [] }
    /// A screen that shows no post store.
    public var postStore: (any PostStore)? { nil }
}

/// Where a screen sits in the app.
public enum ScreenPlace: Hashable, Sendable {
    /// The feed, the app's first screen.
    case feed
    /// A screen opened over the feed (a profile).
    case overFeed
}
