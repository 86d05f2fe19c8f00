import FeedInterface
import PluginInterface
import PostStoreInterface

/// What the profile lets follow-ups read (their extension points on the profile screen).
extension ProfileViewModel: ScreenControl {
    /// Over the feed.
    public var place: ScreenPlace { .overFeed }
    /// A profile is no feed: nothing counts new posts from it.
    public var newestShownPost: PostID? { nil }
    /// The paging session of the grid.
    public var session: Int { pagingSession }
    /// The store its hearts come from.
    public var postStore: (any PostStore)? { posts }
    /// The cells the screen drew last; before a frame (or headless), the first rows a screen shows.
    public var postsOnScreen: [PostID] { drawnRows.isEmpty ? viewState.rows.prefix(24).map(\.id) : drawnRows }

    /// The cells the screen drew in its last frame (the screen tells it each frame).
    public func screenDrew(_ ids: [PostID]) { drawnRows = ids }
}
