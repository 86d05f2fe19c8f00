/// Where a paged list's first page stands.
public enum FirstPageState {
    /// The first page is on its way and nothing is shown.
    case loading
    /// A first page is shown.
    case loaded
    /// The first page failed, and why.
    case failed(any Error)
}
