import Observation

/// One paged list a screen shows, by the feed's paging rules: its rows, the index of their IDs,
/// where its pages stand and the one page request in flight. One load at a time (marked before
/// any await), repeats dropped, stale pages dropped, an expired cursor starts over keeping the
/// rows, a failed page waits for a retry. A page costs what it holds, however many rows are shown.
/// Tracked by Observation: an observer that reads any of its state hears of every change.
@MainActor
public final class PagedList<ID: Hashable & Sendable, Cursor: Equatable & Sendable, Page: Sendable, Row: Identifiable> where Row.ID == ID {
    /// Turns the items of a page at `positions` (repeats dropped) into rows.
    public typealias Rows = @MainActor (_ page: Page, _ positions: [Int]) -> [Row]

    /// The rows in display order, one per ID.
    public var rows: [Row] { revision.read(); return shown }
    /// The first page: loading, loaded or failed.
    public var firstPage: FirstPageState { revision.read(); return firstState }
    /// The pages after the first: idle, loading, failed or at the end.
    public var nextPage: NextPageState { revision.read(); return nextState }
    /// A first page is loading while rows stay on screen (only for a `refreshable` list).
    public var isRefreshing: Bool { revision.read(); return refreshing }
    /// A page is being taken in (its rows being made): the index runs ahead of the rows, and
    /// `remove(where:)` must wait until the answer is in (`onAnswer`).
    public private(set) var isTakingInPage = false

    /// Called as a request starts (`first`: for a first page); returns what turns its page into rows.
    public var onRequest: @MainActor (_ first: Bool) -> Rows = { _ in { _, _ in [] } }
    /// Called once the state shows a failed page (`first`: the first); an expired cursor starts over instead.
    public var onFailure: @MainActor (_ error: any Error, _ first: Bool) -> Void = { _, _ in }
    /// Called when the server refused a cursor and the list starts over from a new first page.
    public var onStartOver: @MainActor () -> Void = {}
    /// Called after every answer taken in or failed, once whatever it started is under way.
    public var onAnswer: @MainActor () -> Void = {}
    /// Asked when a first page answers over rows shown (a revalidation): `true` keeps the rows, the
    /// index and the cursor as they are (the caller took the page in place); `false` replaces them.
    public var keepsRows: @MainActor (_ page: Page) -> Bool = { _ in false }

    // Changed in place (a `didSet` that does not read the old value): a page appends, never copies.
    // Inlinable with `update`, `shownIndex` and `session`: a caller's concrete row type is then
    // specialized, and a row changes where it is instead of being copied out and back.
    @usableFromInline var shown: [Row] = [] { didSet { if !batching { revision.changed() } } }
    /// Rows change one by one inside `update(_:_:)` and observers hear it once, after.
    @usableFromInline var batching = false
    private var firstState = FirstPageState.loading { didSet { revision.changed() } }
    private var nextState = NextPageState.idle { didSet { revision.changed() } }
    private var refreshing = false { didSet { revision.changed() } }
    @usableFromInline let revision = ObservedRevision()
    @usableFromInline var session: PagingSession<ID, Cursor>
    private let request: PageRequest<Cursor, Page>
    private let ids: (Page) -> [ID]
    private let next: (Page) -> Cursor?
    private let isCursorExpired: (any Error) -> Bool
    private let refreshable: Bool
    private let prefetchDistance: Int
    private var stopped = false
    /// The server refused the cursor: the next first page starts the paging session over.
    private var startingOver = false

    /// Creates an empty list over `fetch` (the page after a cursor; `nil`: the first), reading a page's
    /// `ids` and `next` cursor; a page loads when the row `prefetchDistance` from the end appears. A
    /// `refreshable` list refreshes over its rows (`isRefreshing`, the next page idle again) and keeps
    /// them when that page fails; otherwise a first page loads over the rows as they are, and fails the list.
    public init(
        prefetchDistance: Int, refreshable: Bool, maxEmptyPagesInARow: Int = 3,
        fetch: @escaping @Sendable (Cursor?) async throws -> Page,
        ids: @escaping (Page) -> [ID], next: @escaping (Page) -> Cursor?,
        isCursorExpired: @escaping (any Error) -> Bool
    ) {
        self.prefetchDistance = prefetchDistance
        self.refreshable = refreshable
        self.session = PagingSession(maxEmptyPagesInARow: maxEmptyPagesInARow)
        self.request = PageRequest(fetch: fetch)
        self.ids = ids
        self.next = next
        self.isCursorExpired = isCursorExpired
    }

    /// Whether a page request is in flight.
    public var isLoading: Bool { request.isLoading }

    /// The page request in flight, if any.
    public var current: Task<Void, Never>? { request.current }

    /// Where the next page starts; `nil` at the end or before the first page.
    public var nextCursor: Cursor? { session.next }

    /// The current paging session: a refresh (or a start over) begins a new one.
    public var generation: Int { session.generation }

    /// The position of row `id` in `rows`, found in constant time.
    public func index(of id: ID) -> Int? { session.index(of: id) }

    /// Row `id`, if shown.
    public func row(_ id: ID) -> Row? { shownIndex(of: id).map { shown[$0] } }

    /// Changes row `id` in place, if shown; no other row is touched.
    @inlinable public func update(_ id: ID, _ change: (inout Row) -> Void) {
        guard let index = shownIndex(of: id) else { return }
        change(&shown[index])
    }

    /// Changes the shown rows among `ids` in place, `change` getting each one's position in `ids`;
    /// observers hear one change (a batch of a live stream costs one, not one per row).
    @inlinable public func update(_ ids: [ID], _ change: (Int, inout Row) -> Void) {
        batching = true
        var changed = false
        for (position, id) in ids.enumerated() {
            guard let index = shownIndex(of: id) else { continue }
            change(position, &shown[index])
            changed = true
        }
        batching = false
        if changed { revision.changed() }
    }

    /// Removes the rows `removes` picks, keeping the others in order (the paging session, its
    /// cursor and the page states stay); returns the IDs removed. Observers hear one change.
    @discardableResult
    public func remove(where removes: (Row) -> Bool) -> [ID] {
        // While a page is taken in the index holds its IDs and the rows do not yet: reindexing
        // now would leave the page's rows out of the index for good.
        precondition(!isTakingInPage, "PagedList.remove(where:) while a page is taken in; remove once the answer is in")
        var removed: [ID] = []
        var kept: [Row] = []
        kept.reserveCapacity(shown.count)
        for row in shown {
            if removes(row) { removed.append(row.id) } else { kept.append(row) }
        }
        guard !removed.isEmpty else { return [] }
        shown = kept
        session.reindex(kept.map(\.id))
        return removed
    }

    /// Shows `page` at once as the first page of a new session (saved rows), made into rows by `makeRows`.
    public func show(first page: Page, rows makeRows: Rows) {
        accept(first: page, generation: session.startSession(), rows: makeRows)
    }

    /// Loads the first page in a new session; the rows stay until it arrives (a refresh).
    @discardableResult
    public func refresh() -> Task<Void, Never> {
        if shown.isEmpty {
            firstState = .loading
        } else if refreshable {
            refreshing = true
        }
        if refreshable { nextState = .idle }
        return start(after: nil, generation: session.startSession())
    }

    /// Row `id` appeared: loads the next page when it is `prefetchDistance` from the end.
    @discardableResult
    public func rowAppeared(_ id: ID) -> Task<Void, Never>? {
        guard let index = session.index(of: id), index >= shown.count - prefetchDistance else { return nil }
        return loadNextPage()
    }

    /// Loads the next page, marked loading at once; `nil` while one loads, failed, before the first or at the end.
    @discardableResult
    public func loadNextPage() -> Task<Void, Never>? {
        guard case .loaded = firstState, case .idle = nextState, !refreshing, let cursor = session.next else { return nil }
        nextState = .loading
        return start(after: cursor, generation: session.generation)
    }

    /// Retries the first or the next page; `nil` when neither failed.
    @discardableResult
    public func retry() -> Task<Void, Never>? {
        if case .failed = firstState { return refresh() }
        guard case .failed = nextState else { return nil }
        nextState = .idle
        return loadNextPage()
    }

    /// Cancels the request in flight and forgets every row: the list is as new.
    public func reset() {
        request.cancel()
        session.reset()
        (shown, firstState, nextState, refreshing) = ([], .loading, .idle, false)
    }

    /// Cancels the request in flight for good: answers to any later request are dropped too.
    public func stop() {
        stopped = true
        request.cancel()
    }

    private func start(after cursor: Cursor?, generation: Int) -> Task<Void, Never> {
        let makeRows = onRequest(cursor == nil)
        return request.start(after: cursor) { [weak self] result in
            guard let self, !stopped, session.isCurrent(generation) else { return }
            switch result {
            case .success(let page) where cursor == nil && !shown.isEmpty && keepsRows(page): keep(page)
            case .success(let page) where cursor == nil:
                accept(first: page, generation: generation, rows: makeRows)
                // A first page with nothing to show: the next one may have something.
                if session.loadsPastEmptyFirstPage { loadNextPage() }
            case .success(let page): accept(next: page, generation: generation, rows: makeRows)
            case .failure(let error): fail(error, first: cursor == nil)
            }
            onAnswer()
        }
    }

    private func accept(first page: Page, generation: Int, rows makeRows: Rows) {
        startingOver = false
        guard let positions = session.acceptFirstPage(ids(page), next: next(page), generation: generation) else { return }
        // The new rows are made before they replace the old: making them may show a change in a row (by ID).
        isTakingInPage = true
        let rows = makeRows(page, positions)
        isTakingInPage = false
        shown = rows
        (firstState, refreshing, nextState) = (.loaded, false, session.next == nil ? .end : .idle)
    }

    /// A first page was taken in place: the rows, their index and the cursor stay; the load is over.
    /// After a refused cursor the page's own cursor is taken: the next page goes on from the new
    /// session, repeats of the rows shown dropped.
    private func keep(_ page: Page) {
        if startingOver {
            startingOver = false
            session.adoptCursor(next(page))
        }
        (firstState, refreshing, nextState) = (.loaded, false, session.next == nil ? .end : .idle)
    }

    private func accept(next page: Page, generation: Int, rows makeRows: Rows) {
        guard let accepted = session.acceptNextPage(ids(page), next: next(page), generation: generation) else { return }
        isTakingInPage = true
        let rows = makeRows(page, accepted.positions)
        isTakingInPage = false
        shown.append(contentsOf: rows)
        nextState = session.next == nil ? .end : .idle
        if accepted.loadAnother { loadNextPage() }
    }

    private func fail(_ error: any Error, first: Bool) {
        if !first, isCursorExpired(error) {
            // The server no longer accepts the cursor: start over, keeping the rows; it is never sent again.
            session.dropCursor()
            startingOver = true
            onStartOver()
            refresh()
            return
        }
        if !first {
            nextState = .failed(error)
        } else if refreshable, !shown.isEmpty {
            (refreshing, nextState) = (false, session.next == nil ? .end : .idle)
        } else {
            firstState = .failed(error)
        }
        onFailure(error, first)
    }

    /// The index of `id` when the row there is its row: while a page is taken in, the index runs ahead of the rows.
    @inlinable func shownIndex(of id: ID) -> Int? {
        guard let index = session.index(of: id), shown.indices.contains(index) else { return nil }
        // Read through the buffer: a generic array's subscript would copy the whole row to read its ID.
        return shown.withUnsafeBufferPointer { $0[index].id == id } ? index : nil
    }
}
