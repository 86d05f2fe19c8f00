import FeedInterface
import PluginInterface
import PostStoreInterface

extension FeedViewModel: ScreenControl {
    /// The feed.
    public var place: ScreenPlace { .feed }
    /// The first row, once the first page is in and no refresh is under way.
    public var newestShownPost: PostID? { viewState.newestShownPost }
    /// The paging session: a refresh starts a new one.
    public var session: Int { list.generation }
    /// The store the rows' hearts come from.
    public var postStore: (any PostStore)? { posts }
    /// The rows from the reader's top visible post down: more than any screen shows.
    public var postsOnScreen: [PostID] {
        let rows = list.rows
        let start = reader.flatMap { list.index(of: $0.post) } ?? 0
        return rows[min(start, rows.count)..<min(start + Self.rowsOnAScreen, rows.count)].map(\.id)
    }

    /// More rows than a screen of any height shows (a row is at least three lines).
    static let rowsOnAScreen = 24
}
