import FeedInterface
import Foundation
import Paging
import PostScreenKit

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
    /// A newer first page in another order waits while the reader is below the top ("Feed updated · r").
    public internal(set) var feedUpdated = false
    /// The post the screen is positioned on (the top visible one); `nil` with no rows.
    public internal(set) var anchor: PostID?
    /// Rows a follow-up's filter removed last, each with the row kept that took its place: a
    /// screen positioned on one reads on from there.
    public internal(set) var movedTo: [PostID: PostID] = [:]

    /// The state before anything loaded.
    public static let initial = FeedViewState(rows: [], initialLoad: .loading, pagination: .idle, isRefreshing: false, message: nil, banner: nil)
}

extension FeedViewState {
    /// The first row, when the first page is in and no refresh is under way: what a poll counts from.
    public var newestShownPost: PostID? { initialLoad == .loaded && !isRefreshing ? rows.first?.id : nil }

    /// This state showing a paged list's `rows` and where its pages stand.
    func showing(rows: [PostRow], first: FirstPageState, next: NextPageState, isRefreshing: Bool, reader: PostID?) -> FeedViewState {
        var shown = self
        shown.anchor = reader ?? rows.first?.id
        shown.rows = rows
        shown.initialLoad = LoadState(first)
        shown.pagination = PaginationState(next)
        shown.isRefreshing = isRefreshing
        return shown
    }

    /// The first page arrived: no message and no banner.
    mutating func firstPageLoaded() {
        message = nil
        banner = nil
    }

    /// The first page failed: an error when no row is shown, else the rows stay with a message
    /// (and the offline banner over saved rows, `savedAt`).
    mutating func firstPageFailed(_ error: FeedError, rowsShown: Bool, savedAt: Date?) {
        if !rowsShown {
            message = .firstPageFailed(error)
        } else {
            message = .refreshFailed(error)
            if let savedAt { banner = .offline(savedAt) }
        }
    }
}
