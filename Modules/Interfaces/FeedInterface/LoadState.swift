/// The state of the first page.
public enum LoadState: Hashable, Sendable {
    /// The first page is on its way.
    case loading
    /// The first page is on screen.
    case loaded
    /// The first page failed, and why.
    case failed(FeedError)
}
