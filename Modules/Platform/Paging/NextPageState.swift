/// Where a paged list's pages after the first stand.
public enum NextPageState {
    /// Nothing is loading; more can be loaded.
    case idle
    /// The next page is on its way.
    case loading
    /// The next page failed, and why; it waits for a retry.
    case failed(any Error)
    /// There are no more pages.
    case end
}
