import FeedInterface
import Foundation

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
    public internal(set) var message: FeedMessage?
    /// Above saved rows: their age, and whether the network failed.
    public internal(set) var banner: FeedBanner?
    /// Likes of these rows not yet settled on the server (the post store's pending taps).
    public internal(set) var waitingLikes = 0

    /// The state before anything loaded.
    public static let initial = FeedViewState(rows: [], initialLoad: .loading, pagination: .idle, isRefreshing: false, message: nil, banner: nil)
}

extension FeedViewState {
    /// The first row, when the first page is in and no refresh is under way: what a poll counts from.
    public var newestShownPost: PostID? { initialLoad == .loaded && !isRefreshing ? rows.first?.id : nil }

    /// A load of the first page starts: a spinner when nothing is shown, else a refresh.
    mutating func startFirstPage() {
        if rows.isEmpty { initialLoad = .loading } else { isRefreshing = true }
        pagination = .idle
    }

    /// The first page arrived: loaded, not refreshing, no message and no banner.
    mutating func firstPageLoaded(hasMore: Bool) {
        initialLoad = .loaded
        isRefreshing = false
        pagination = hasMore ? .idle : .end
        message = nil
        banner = nil
    }

    /// The first page failed: an error screen when nothing is shown, else the rows stay with a
    /// message (and the offline banner over saved rows, `savedAt`).
    mutating func firstPageFailed(_ error: FeedError, hasMore: Bool, savedAt: Date?) {
        if rows.isEmpty {
            initialLoad = .failed(error)
            message = .firstPageFailed(error)
        } else {
            isRefreshing = false
            pagination = hasMore ? .idle : .end
            message = .refreshFailed(error)
            if let savedAt { banner = .offline(savedAt) }
        }
    }
}
