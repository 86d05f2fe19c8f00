import FeedInterface
import Paging
import PostScreenKit

/// Everything the profile screen draws, as one value.
public struct ProfileViewState: Hashable, Sendable {
    /// The author's posts, newest first, without duplicate IDs; the same rows the feed shows.
    public internal(set) var rows: [PostRow]
    /// The first page: loading, loaded or failed.
    public internal(set) var initialLoad: LoadState
    /// The pages after the first: idle, loading, failed or end.
    public internal(set) var pagination: PaginationState
    /// The latest user-facing message, or `nil`.
    public internal(set) var message: ProfileMessage?
    /// Likes of the post store not yet settled on the server.

    /// The state before anything loaded.
    public static let initial = ProfileViewState(rows: [], initialLoad: .loading, pagination: .idle, message: nil)

    /// How many posts the author has, once the last page is known.
    public var postCount: Int? { pagination == .end ? rows.count : nil }

    /// This state showing a paged list's `rows` and where its pages stand.
    func showing(rows: [PostRow], first: FirstPageState, next: NextPageState) -> ProfileViewState {
        var shown = self
        shown.rows = rows
        shown.initialLoad = LoadState(first)
        shown.pagination = PaginationState(next)
        return shown
    }
}
