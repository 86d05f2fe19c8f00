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
    /// The rows the screen drew last, then those from the reader's top visible post down (a
    /// screen that draws none, headless, has only these).
    public var postsOnScreen: [PostID] {
        let rows = list.rows
        let start = reader.flatMap { list.index(of: $0.post) } ?? 0
        let window = rows[min(start, rows.count)..<min(start + Self.rowsOnAScreen, rows.count)].map(\.id)
        guard !drawnRows.isEmpty else { return window }
        let drawn = Set(drawnRows)
        return drawnRows + window.filter { !drawn.contains($0) }
    }

    /// The rows the screen drew in its last frame (the screen tells it each frame).
    public func screenDrew(_ ids: [PostID]) { drawnRows = ids }

    /// Rows below the reader's top one counted as on screen when the screen said none: a row is
    /// at least three lines, so 24 fill a 72-line screen.
    static let rowsOnAScreen = 24
}
