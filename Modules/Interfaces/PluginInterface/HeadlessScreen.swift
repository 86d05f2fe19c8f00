import FeedInterface

/// A screen a follow-up opens over the feed in `feed --headless` (a profile): `see`, `tap` and
/// `retry` act on it while it is shown, and its state is printed under its own key.
@MainActor
public protocol HeadlessScreen: AnyObject {
    /// The key of its state and the value of `"screen"`, e.g. `profile`.
    var name: String { get }
    /// Whose screen it is, if an author's.
    var screenAuthor: Author? { get }
    /// The rows shown.
    var rows: [PostRow] { get }
    /// The first page: loading, loaded or failed.
    var initialLoad: LoadState { get }
    /// The pages after the first.
    var pagination: PaginationState { get }
    /// The latest message, or `nil`.
    var messageText: String? { get }
    /// The screen appeared.
    func appear()
    /// Row `id` is on screen.
    func see(_ id: PostID)
    /// Retries what failed.
    func retryFailed()
    /// Flips the heart of `id`; `nil` when nothing was sent.
    func tap(_ id: PostID) -> Task<Void, Never>?
    /// The screen is left.
    func leave()
    /// No page or like is in flight.
    var isIdle: Bool { get }
    /// Waits until idle or `timeout`; returns whether it became idle.
    func waitUntilIdle(timeout: Duration) async -> Bool
}
