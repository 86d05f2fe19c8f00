/// The analytics events the server stored, bounded: at most `capacity` events (the oldest go),
/// their ids for dropping repeats, and the counts the summary serves.
struct EventLog: Sendable {
    /// The most events kept.
    static let capacity = 200_000

    private(set) var events: [StoredEvent] = []
    private var ids: Set<String> = []
    private(set) var duplicates = 0
    private(set) var batches = 0

    /// Stores the events whose id is new; returns how many were stored and how many were repeats.
    mutating func store(_ batch: [StoredEvent]) -> (stored: Int, duplicates: Int) {
        batches += 1
        var stored = 0
        for event in batch {
            guard ids.insert(event.id).inserted else {
                duplicates += 1
                continue
            }
            events.append(event)
            stored += 1
        }
        if events.count > Self.capacity {
            // The ids of dropped events stay (a repeat of one is still a repeat), bounded at twice the capacity.
            events.removeFirst(events.count - Self.capacity)
            if ids.count > 2 * Self.capacity { ids = Set(events.map(\.id)) }
        }
        return (stored, batch.count - stored)
    }

    /// The summary: per owning team, per event name, how many and how many failed.
    var summary: FeedServerDTO.EventsSummary {
        var teams: [String: FeedServerDTO.EventsSummary.Team] = [:]
        for event in events {
            var team = teams[event.owner] ?? .init(events: 0, failures: 0, byName: [:])
            team.events += 1
            var count = team.byName[event.name] ?? .init(count: 0, failures: 0)
            count.count += 1
            if event.isFailure {
                team.failures += 1
                count.failures += 1
            }
            team.byName[event.name] = count
            teams[event.owner] = team
        }
        return .init(events: events.count, duplicates: duplicates, batches: batches, teams: teams)
    }
}
