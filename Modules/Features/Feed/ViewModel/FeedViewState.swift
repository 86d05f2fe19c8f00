/// Everything the feed screen draws, as one value.
public struct FeedViewState: Hashable, Sendable {
    /// The rows in display order, without duplicate IDs.
    public internal(set) var rows: [PostRow]
    /// The first page: loading, loaded or failed.
    public internal(set) var initialLoad: LoadState
    /// The pages after the first: idle, loading, failed or end.
    public internal(set) var pagination: PaginationState
    /// A pull to refresh is in flight while rows stay on screen.
    public internal(set) var isRefreshing: Bool
    /// The latest user-facing message (a failed page, "Couldn't unlike"), or `nil`.
    public internal(set) var message: String?
    /// Above cached rows: their age, and whether the network failed (`offline-pages`).
    public internal(set) var banner: FeedBanner?

    /// The state before anything loaded.
    public static let initial = FeedViewState(rows: [], initialLoad: .loading, pagination: .idle, isRefreshing: false, message: nil, banner: nil)
}
