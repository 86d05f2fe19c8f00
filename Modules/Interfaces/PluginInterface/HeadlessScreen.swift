import FeedInterface

/// A screen a follow-up opens over the feed in `feed --headless`, of any kind: its state is printed
/// under its own key (`name`). A screen of posts (a profile) gives its rows and page states, and
/// `see`, `tap` and `retry` act on it while it is shown; any screen may add fields of its own
/// (`stateFields`). Every requirement but `name` has a default: a screen of no posts, loaded.
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
    /// Its own fields of the state, each a key and its JSON value, after the rows and page states.
    var stateFields: [(key: String, json: String)] { get }
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

extension HeadlessScreen {
    /// No author's.
    public var screenAuthor: Author? { nil }
    /// No rows.
    public var rows: [PostRow] { [] }
    /// Loaded.
    public var initialLoad: LoadState { .loaded }
    /// Nothing more to load.
    public var pagination: PaginationState { .end }
    /// No message.
    public var messageText: String? { nil }
    /// No fields of its own.
    public var stateFields: [(key: String, json: String)] { [] }
    /// Nothing to load.
    public func appear() {}
    /// Nothing to do.
    public func see(_ id: PostID) {}
    /// Nothing failed.
    public func retryFailed() {}
    /// No hearts.
    public func tap(_ id: PostID) -> Task<Void, Never>? { nil }
    /// Nothing to stop.
    public func leave() {}
    /// Nothing in flight.
    public var isIdle: Bool { true }
    /// Idle at once.
    public func waitUntilIdle(timeout: Duration) async -> Bool { true }
}
