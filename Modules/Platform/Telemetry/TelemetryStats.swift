import Foundation
import TelemetryInterface

/// This device's picture (`feed stats`): per owning team, how many events and failures of each
/// kind; the first-page and frame times.
public struct TelemetryStats: Sendable, Equatable, Codable {
    /// One team's counts.
    public struct Team: Sendable, Equatable, Codable {
        /// The owning team.
        public var team: String
        /// Events of the team.
        public var events = 0
        /// Its failures (failed pages, likes and writes, errors, crashes).
        public var failures = 0
        /// Per event name: how many, and how many failed.
        public var byName: [String: Count] = [:]
    }

    /// How many events of a name, and how many of them failed.
    public struct Count: Sendable, Equatable, Codable {
        public var count = 0
        public var failures = 0
        /// failures ÷ count (0 when there are none).
        public var rate: Double { count == 0 ? 0 : Double(failures) / Double(count) }
    }

    /// The teams, by name.
    public var teams: [Team] = []
    /// Every event kept.
    public var events = 0
    /// Not sent yet.
    public var unsent = 0
    /// Dropped by the cap.
    public var dropped = 0
    /// The first-page times of the runs, oldest first (milliseconds).
    public var firstPageMS: [Double] = []
    /// The frame times kept (milliseconds).
    public var frameMS: [Double] = []
    /// Frames over 16 ms.
    public var hitches = 0

    /// The stats of the queue's `contents`.
    public init(_ contents: TelemetryQueue.Contents) {
        self.init(events: contents.events)
        unsent = contents.unsent
        dropped = contents.dropped
    }

    /// The stats of `events`.
    public init(events list: [QueuedEvent]) {
        var byTeam: [String: Team] = [:]
        for event in list {
            var team = byTeam[event.owner] ?? Team(team: event.owner)
            team.events += 1
            team.byName[event.name, default: Count()].count += 1
            if event.isFailure {
                team.failures += 1
                team.byName[event.name, default: Count()].failures += 1
            }
            byTeam[event.owner] = team
            switch event.name {
            // Times come from a file: only finite ones of at most an hour are believed.
            case "first_page": if let ms = event.properties["ms"]?.number, Self.believable(ms) { firstPageMS.append(ms) }
            case "frame":
                if let ms = event.properties["ms"]?.number, Self.believable(ms) {
                    frameMS.append(ms)
                    if ms > TelemetryEvent.hitchMilliseconds { hitches += 1 }
                }
            default: break
            }
        }
        teams = byTeam.values.sorted { $0.team < $1.team }
        events = list.count
    }

    /// Whether `milliseconds` read from the queue can be a time at all (finite, 0 to an hour).
    static func believable(_ milliseconds: Double) -> Bool { milliseconds.isFinite && (0...3_600_000).contains(milliseconds) }

    /// The rate of failures of `name` for `team` (0 when none were tracked).
    public func rate(_ name: String, team: String) -> Double {
        teams.first { $0.team == team }?.byName[name]?.rate ?? 0
    }
}
