/// The state of the pages after the first.
public enum PaginationState: Hashable, Sendable {
    /// Nothing is loading; more can be loaded.
    case idle
    /// The next page is on its way.
    case loading
    /// The next page failed; a retry row is shown.
    case failed(FeedError)
    /// There are no more pages.
    case end
}
