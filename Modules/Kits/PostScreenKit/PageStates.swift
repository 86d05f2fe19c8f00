import FeedInterface
import Paging

/// The page states of a paged list (`Paging`) in the feed's terms, for a screen's view state.
extension LoadState {
    /// A paged list's first page in the feed's terms.
    public init(_ state: FirstPageState) {
        switch state {
        case .loading: self = .loading
        case .loaded: self = .loaded
        case .failed(let error): self = .failed(FeedError(error))
        }
    }
}

extension PaginationState {
    /// A paged list's later pages in the feed's terms.
    public init(_ state: NextPageState) {
        switch state {
        case .idle: self = .idle
        case .loading: self = .loading
        case .failed(let error): self = .failed(FeedError(error))
        case .end: self = .end
        }
    }
}
