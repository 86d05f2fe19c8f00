import FeedInterface

/// What `feed --headless` lets a follow-up's command do.
@MainActor
public protocol HeadlessControl: AnyObject {
    /// The feed screen of this driver.
    var feed: any ScreenControl { get }
    /// The rows of the screen shown (the feed, or the screen opened over it).
    var rows: [PostRow] { get }
    /// Opens `screen` over the feed, leaving the one open, if any.
    func present(_ screen: any HeadlessScreen)
    /// Leaves the screen opened over the feed, if any.
    func leaveScreen()
    /// Leaves any screen over the feed, refreshes the feed and goes to its top.
    func refreshFeedFromTop()
}
