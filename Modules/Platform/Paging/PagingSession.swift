/// The bookkeeping of one paged list, whatever it lists: which session a page belongs to, where
/// the next page starts, which IDs are shown (kept incrementally, never rebuilt per page), and
/// chains of pages that add nothing.
///
/// A refresh starts a new session; a page that answers for an older session is stale and dropped.
public struct PagingSession<ID: Hashable & Sendable, Cursor: Equatable & Sendable>: Sendable {
    /// The current session; every page request is tagged with it.
    public private(set) var generation = 0
    /// Where the next page starts; `nil` at the end (or before the first page).
    public private(set) var next: Cursor?
    /// How many pages in a row may add nothing before loading stops.
    public let maxEmptyPagesInARow: Int

    @usableFromInline var indexByID: [ID: Int] = [:]
    private var emptyPagesInARow = 0

    /// Creates an empty session; a chain of pages made only of repeats stops after `maxEmptyPagesInARow`.
    public init(maxEmptyPagesInARow: Int = 3) {
        self.maxEmptyPagesInARow = maxEmptyPagesInARow
    }

    /// How many items are shown.
    public var count: Int { indexByID.count }

    /// The position of `id` in the list, if shown.
    @inlinable public func index(of id: ID) -> Int? { indexByID[id] }

    /// Whether a page tagged `generation` still belongs to the list.
    public func isCurrent(_ generation: Int) -> Bool { generation == self.generation }

    /// Starts a new session (a refresh) and returns its tag; what is shown stays until its first page.
    public mutating func startSession() -> Int {
        generation += 1
        return generation
    }

    /// Forgets everything shown and starts a new session with nothing shown.
    public mutating func reset() {
        generation += 1
        next = nil
        indexByID.removeAll()
        emptyPagesInARow = 0
    }

    /// The items shown are now `ids`, in order (some were removed): their positions are indexed
    /// again. A removed ID is no longer shown, so a later page may bring it back.
    public mutating func reindex(_ ids: [ID]) {
        indexByID.removeAll(keepingCapacity: true)
        for (index, id) in ids.enumerated() { indexByID[id] = index }
    }

    /// Forgets the cursor (the server refused it), so it is never sent again.
    public mutating func dropCursor() { next = nil }

    /// Goes on from `cursor` (a new session's first page, taken in place over the rows shown).
    public mutating func adoptCursor(_ cursor: Cursor?) {
        next = cursor
        emptyPagesInARow = 0
    }

    /// The first page of session `generation` replaces the list: returns the positions in `ids`
    /// to show (an ID repeated within the page is shown once), or `nil` when the page is stale.
    public mutating func acceptFirstPage(_ ids: [ID], next: Cursor?, generation: Int) -> [Int]? {
        guard isCurrent(generation) else { return nil }
        indexByID.removeAll(keepingCapacity: true)
        self.next = next
        let positions = append(ids)
        emptyPagesInARow = positions.isEmpty ? 1 : 0
        return positions
    }

    /// The first page added nothing (every item filtered out before it came) but a next page
    /// exists: the list loads it at once, as after an empty later page.
    public var loadsPastEmptyFirstPage: Bool { count == 0 && emptyPagesInARow == 1 && next != nil && maxEmptyPagesInARow > 0 }

    /// A later page: the positions in `ids` to append (IDs already shown are dropped), and whether
    /// to load another page at once because this one added nothing but moved on; `nil` when stale.
    public mutating func acceptNextPage(_ ids: [ID], next: Cursor?, generation: Int) -> (positions: [Int], loadAnother: Bool)? {
        guard isCurrent(generation) else { return nil }
        let previous = self.next
        self.next = next
        let positions = append(ids)
        emptyPagesInARow = positions.isEmpty ? emptyPagesInARow + 1 : 0
        let loadAnother = positions.isEmpty && next != nil && next != previous && emptyPagesInARow <= maxEmptyPagesInARow
        return (positions, loadAnother)
    }

    private mutating func append(_ ids: [ID]) -> [Int] {
        var positions: [Int] = []
        for (position, id) in ids.enumerated() where indexByID[id] == nil {
            indexByID[id] = indexByID.count
            positions.append(position)
        }
        return positions
    }
}
