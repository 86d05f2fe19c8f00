import FeedInterface
import PluginInterface

/// The profile as `feed --headless` shows it over the feed.
extension ProfileViewModel: HeadlessScreen {
    public var name: String { "profile" }
    public var screenAuthor: Author? { author }
    public var rows: [PostRow] { viewState.rows }
    public var initialLoad: LoadState { viewState.initialLoad }
    public var pagination: PaginationState { viewState.pagination }
    public var messageText: String? { viewState.message?.text }
    public func appear() { onAppear() }
    public func see(_ id: PostID) { rowAppeared(id) }
    public func retryFailed() { retry() }
    public func tap(_ id: PostID) -> Task<Void, Never>? { toggleLike(id) }
    public func leave() { close() }
}
