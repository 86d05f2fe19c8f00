import Foundation

/// The events of `GET /v1/live`, numbered from 1: the last `capacity` kept for clients that resume
/// (`since`, `Last-Event-ID`), and a wait for the next one. Shared by every stream of one server.
final class LiveHub: @unchecked Sendable {
    /// One event as sent: its number, its name (`likes`, `new-posts`, `flags`) and its JSON.
    struct Event: Sendable, Equatable {
        let id: Int
        let name: String
        let data: String
    }

    /// What a stream sends next.
    enum Next: Equatable {
        /// The events after the one asked for.
        case events([Event])
        /// The number asked for is older than the buffer (or newer than any sent): start again from `latest`.
        case reset(latest: Int)
    }

    /// The events kept for resuming streams.
    static let capacity = 4_096

    // @unchecked: every field is read and written under `condition`.
    private let condition = NSCondition()
    private var events: [Event] = []
    private var start = 0
    private var latest = 0

    /// The number of the latest event (0 before any).
    var latestID: Int {
        condition.lock()
        defer { condition.unlock() }
        return latest
    }

    /// Appends an event and wakes the streams.
    func publish(_ name: String, _ data: String) {
        condition.lock()
        latest += 1
        if events.count - start >= Self.capacity {
            start += 1
            if start >= Self.capacity {
                events.removeFirst(start)
                start = 0
            }
        }
        events.append(Event(id: latest, name: name, data: data))
        condition.broadcast()
        condition.unlock()
    }

    /// The events after `id`, at most `limit`, waiting up to `timeout` for one; an empty list when none came.
    func next(after id: Int, limit: Int = 256, timeout: TimeInterval) -> Next {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while latest == id {
            guard condition.wait(until: deadline) else { break }
        }
        let oldest = events.count > start ? events[start].id : latest + 1
        if id > latest || id < oldest - 1 { return .reset(latest: latest) }
        let first = start + (id - (oldest - 1))
        let last = min(events.count, first + limit)
        return .events(first < last ? Array(events[first..<last]) : [])
    }

    /// Wakes every waiting stream (the server stops).
    func wakeAll() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }
}
