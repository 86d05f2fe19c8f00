/// The exchanges waiting for a connection, and how many run per origin and in all. An exchange
/// starts only while its origin has fewer than `perOrigin` running and the client fewer than
/// `total`; the last `reservedForFirst` of an origin's places are kept for `first` items (API
/// calls), so photos never hold every connection a page needs. Among those that may start,
/// `first` items go first, then the longest waiting.
struct TransferQueue<Item> {
    private struct Entry {
        let item: Item
        let id: ObjectIdentifier
        let origin: String
        let first: Bool
    }

    /// The most exchanges running (so connections open) to one origin.
    let perOrigin: Int
    /// The most exchanges running in all.
    let total: Int
    /// The places of an origin that only `first` items may take.
    let reservedForFirst: Int
    private var waiting: [Entry] = []
    private var running: [String: Int] = [:]
    /// How many exchanges run now.
    private(set) var runningCount = 0

    /// A queue with these limits (each at least 1; the reserve leaves at least one place to all).
    init(perOrigin: Int, total: Int, reservedForFirst: Int = 0) {
        self.perOrigin = max(1, perOrigin)
        self.total = max(1, total)
        self.reservedForFirst = min(max(0, reservedForFirst), self.perOrigin - 1)
    }

    /// How many exchanges wait.
    var waitingCount: Int { waiting.count }

    /// Adds `item` (identified by `id`) for `origin`; `first` puts it before the others waiting
    /// that are not `first`.
    mutating func append(_ item: Item, id: ObjectIdentifier, origin: String, first: Bool) {
        waiting.append(Entry(item: item, id: id, origin: origin, first: first))
    }

    /// Takes the waiting item `id` out of the queue; nil when it does not wait.
    mutating func remove(_ id: ObjectIdentifier) -> Item? {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return nil }
        return waiting.remove(at: index).item
    }

    /// The next item allowed to start, counted as running from now; nil when none may start.
    mutating func next() -> (item: Item, origin: String)? {
        guard runningCount < total else { return nil }
        var chosen: Int?
        for (index, entry) in waiting.enumerated()
        where running[entry.origin, default: 0] < (entry.first ? perOrigin : perOrigin - reservedForFirst) {
            if entry.first {
                chosen = index
                break
            }
            if chosen == nil { chosen = index }
        }
        guard let chosen else { return nil }
        let entry = waiting.remove(at: chosen)
        running[entry.origin, default: 0] += 1
        runningCount += 1
        return (entry.item, entry.origin)
    }

    /// An exchange that `next()` started for `origin` is over.
    mutating func finished(_ origin: String) {
        guard let count = running[origin] else { return }
        running[origin] = count > 1 ? count - 1 : nil
        runningCount -= 1
    }

    /// Empties the queue, returning what waited.
    mutating func removeAll() -> [Item] {
        defer { waiting = [] }
        return waiting.map(\.item)
    }
}
