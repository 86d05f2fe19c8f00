import Database
import Foundation
import TelemetryInterface

/// The queue file: every tracked event, written here before any send, marked sent once a sink
/// took its batch. SQLite (WAL) on a thread of its own, 0600 in the user's data directory, opened
/// the one checked way (a corrupt or foreign file is moved aside and started over). Capped: past
/// `capacity`, sent events go first, then the oldest of the lowest priority.
public actor TelemetryQueue {
    /// What `feed stats` reads: every event kept, oldest first, and the install's counters.
    public struct Contents: Sendable {
        /// The events kept, oldest first.
        public var events: [QueuedEvent]
        /// How many are not sent yet.
        public var unsent: Int
        /// How many the cap dropped since the file was made.
        public var dropped: Int
    }

    private let executor = DatabaseExecutor(name: "telemetry-queue")
    private var openConnection: Connection?
    private let capacity: Int
    /// This install's ID (kept in the file: deleting the queue starts a new install).
    public private(set) var installID = ""

    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    private init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Opens (or creates) the queue at `url` on the queue's own thread; `warn` hears once when an
    /// unreadable file was moved aside.
    public static func open(at url: URL, capacity: Int, warn: @escaping @Sendable (String) -> Void) async throws -> TelemetryQueue {
        let queue = TelemetryQueue(capacity: capacity)
        try await queue.connect(url, warn: warn)
        return queue
    }

    private func connect(_ url: URL, warn: @escaping @Sendable (String) -> Void) throws {
        let connection = try Self.schema.open(at: url) { reason, aside in
            warn("feed: the telemetry queue at \(url.path) was unreadable (\(reason)); moved it aside to \(aside.path)")
        }
        let installID = try connection.query("SELECT value FROM meta WHERE key = 'install'") { try $0.column(0, as: String.self) }.first
        guard let installID else {
            connection.close()
            throw DatabaseOpenError(reason: "its install ID is missing")
        }
        self.installID = installID
        openConnection = connection
    }

    /// The open connection; throws once the queue was closed.
    private var connection: Connection {
        get throws {
            guard let openConnection else { throw DatabaseOpenError(reason: "the telemetry queue is closed") }
            return openConnection
        }
    }

    /// Deletes the queue file and its companions; missing files are fine.
    public static func delete(at url: URL) throws(FileError) {
        try DatabaseFiles.delete(url)
    }

    /// Writes `events` in one transaction, each with the next sequence number, and applies the cap.
    /// Returns how many events are unsent.
    @discardableResult
    func append(_ events: [PendingEvent], session: String, sampleRate: Double) throws -> Int {
        let sampledIn = Sampling.includes(installID: installID, rate: sampleRate)
        let connection = try connection
        return try connection.write {
            for pending in events {
                let event = pending.event
                if event.isSampled && !sampledIn { continue }
                let properties = String(decoding: try JSONEncoder().encode(event.properties), as: UTF8.self)
                try connection.execute(
                    "INSERT OR IGNORE INTO events (id, name, time, session, owner, sample_rate, priority, properties) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    [pending.id.uuidString, event.name, pending.time, session, pending.owner, event.isSampled ? sampleRate : 1.0,
                     event.priority.rawValue, properties])
            }
            try applyCap()
            return try count("SELECT COUNT(*) FROM events WHERE sent = 0")
        }
    }

    /// The batch to send to `sink` next: the oldest batch claimed before and not yet taken by that
    /// sink (sent again under the same ID, so a kill during a flush repeats it, and the server drops
    /// the repeats), else a new one of up to `limit` unsent events. `nil` when nothing waits for it.
    /// Each sink has its own progress: one that is down holds back no other.
    func claimBatch(limit: Int, for sink: String) throws -> TelemetryBatch? {
        let connection = try connection
        return try connection.write {
            var batch = try connection.query(
                """
                SELECT batch FROM events WHERE sent = 0 AND batch IS NOT NULL
                AND batch NOT IN (SELECT batch FROM deliveries WHERE sink = ?) ORDER BY sequence LIMIT 1
                """, [sink]
            ) { try $0.column(0, as: String.self) }.first
            if batch == nil {
                let id = UUID().uuidString
                try connection.execute(
                    "UPDATE events SET batch = ? WHERE sequence IN (SELECT sequence FROM events WHERE sent = 0 AND batch IS NULL ORDER BY sequence LIMIT ?)",
                    [id, max(1, limit)])
                batch = id
            }
            guard let batch else { return nil }
            let events = try connection.query("\(Self.selectEvents) WHERE batch = ? AND sent = 0 ORDER BY sequence", [batch], Self.event)
            return events.isEmpty ? nil : TelemetryBatch(id: batch, events: events)
        }
    }

    /// `sink` took batch `id`; once every one of `sinks` took it, its events are marked sent.
    func markDelivered(_ id: String, to sink: String, of sinks: [String]) throws {
        let connection = try connection
        try connection.write {
            try connection.execute("INSERT OR IGNORE INTO deliveries (batch, sink) VALUES (?, ?)", [id, sink])
            try settleDelivered(sinks)
        }
    }

    /// Marks sent every batch each of `sinks` took (a run with fewer sinks than the last settles
    /// what they all took), and forgets their deliveries.
    func settleDelivered(_ sinks: [String]) throws {
        let connection = try connection
        let names = Array(Set(sinks)).sorted()
        guard !names.isEmpty else { return }
        let list = Array(repeating: "?", count: names.count).joined(separator: ", ")
        let complete = "SELECT batch FROM deliveries WHERE sink IN (\(list)) GROUP BY batch HAVING COUNT(DISTINCT sink) = \(names.count)"
        try connection.write {
            try connection.execute("UPDATE events SET sent = 1 WHERE sent = 0 AND batch IN (\(complete))", names)
            try connection.execute("DELETE FROM deliveries WHERE batch NOT IN (SELECT batch FROM events WHERE sent = 0 AND batch IS NOT NULL)")
        }
    }

    /// For tests: the file refuses to grow by more than `pages` SQLite pages, as a full disk would.
    func limitGrowthForTesting(toPages pages: Int) throws {
        let connection = try connection
        let current = try connection.query("PRAGMA page_count") { row in try row.column(0, as: Int.self) }.first ?? 0
        try connection.execute("PRAGMA max_page_count = \(current + max(0, pages))")
    }

    /// Closes the file; every later call fails (logout, before the file is deleted).
    func close() {
        openConnection?.close()
        openConnection = nil
    }

    /// Every event kept, oldest first, with the counters.
    public func contents() throws -> Contents {
        let connection = try connection
        return try connection.read {
            Contents(
                events: try connection.query("\(Self.selectEvents) ORDER BY sequence", [], Self.event),
                unsent: try count("SELECT COUNT(*) FROM events WHERE sent = 0"),
                dropped: Int(try connection.query("SELECT value FROM meta WHERE key = 'dropped'") { try $0.column(0, as: String.self) }.first ?? "0") ?? 0)
        }
    }

    /// Drops what passes the cap: sent events first, then the lowest priority, oldest first.
    private func applyCap() throws {
        let connection = try connection
        let excess = try count("SELECT COUNT(*) FROM events") - capacity
        guard excess > 0 else { return }
        try connection.execute(
            "DELETE FROM events WHERE sequence IN (SELECT sequence FROM events ORDER BY sent DESC, priority ASC, sequence ASC LIMIT ?)", [excess])
        try connection.execute(
            "UPDATE meta SET value = CAST(CAST(value AS INTEGER) + ? AS TEXT) WHERE key = 'dropped'", [excess])
    }

    private func count(_ sql: String) throws -> Int {
        try connection.query(sql) { try $0.column(0, as: Int.self) }.first ?? 0
    }

    private static let selectEvents = "SELECT id, name, time, sequence, session, owner, sample_rate, properties FROM events"

    private static func event(_ row: borrowing Row) throws -> QueuedEvent {
        let text = try row.column(7, as: String.self)
        let properties = (try? JSONDecoder().decode([String: TelemetryValue].self, from: Data(text.utf8))) ?? [:]
        return QueuedEvent(
            id: try row.column(0, as: String.self), name: try row.column(1, as: String.self), time: try row.column(2, as: Double.self),
            sequence: try row.column(3, as: Int.self), session: try row.column(4, as: String.self), owner: try row.column(5, as: String.self),
            sampleRate: try row.column(6, as: Double.self), properties: properties)
    }

    /// The file's shape and its migrations.
    static let schema = CheckedDatabaseFile(
        schema: SchemaShape(
            version: 2,
            columns: [
                "meta": ["key", "value"],
                "events": ["sequence", "id", "name", "time", "session", "owner", "sample_rate", "priority", "properties", "batch", "sent"],
                "deliveries": ["batch", "sink"],
            ],
            earlier: [
                1: [
                    "meta": ["key", "value"],
                    "events": ["sequence", "id", "name", "time", "session", "owner", "sample_rate", "priority", "properties", "batch", "sent"],
                ]
            ]),
        migrations: {
            [
                { db in
                    try db.executeScript(
                        """
                        CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
                        CREATE TABLE events (
                            sequence INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, name TEXT NOT NULL, time REAL NOT NULL,
                            session TEXT NOT NULL, owner TEXT NOT NULL, sample_rate REAL NOT NULL, priority INTEGER NOT NULL,
                            properties TEXT NOT NULL, batch TEXT, sent INTEGER NOT NULL DEFAULT 0);
                        CREATE INDEX events_unsent ON events (sent, sequence);
                        CREATE INDEX events_batch ON events (batch);
                        INSERT INTO meta (key, value) VALUES ('dropped', '0');
                        """)
                    try db.execute("INSERT INTO meta (key, value) VALUES ('install', ?)", [UUID().uuidString])
                },
                // Version 2: which sink took which batch, so each sink has its own progress.
                { db in
                    try db.executeScript("CREATE TABLE deliveries (batch TEXT NOT NULL, sink TEXT NOT NULL, PRIMARY KEY (batch, sink)) WITHOUT ROWID;")
                },
            ]
        }, synchronous: .normal)
}
