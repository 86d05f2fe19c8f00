import Database
import FeedInterface
import Foundation
import LikesInterface
import TelemetryInterface

/// The outbox's rows in SQLite, owned by the queue's actor (a `Connection` never leaves it). The file
/// is the one source of the intent: any number of processes may share it, each tap taking the next
/// revision of the file's clock, and a settled row staying an hour as a tombstone with the reply.
///
/// A tap's intent is committed with `synchronous=FULL` (on the disk before it is acknowledged, so
/// it survives power loss); settling a row and counting attempts use `NORMAL`, still safe
/// against a crash in WAL mode: on power loss they may be lost, which only re-sends an idempotent
/// like or undercounts attempts. A write that finds the file corrupt moves it aside (one warning),
/// starts a new one and saves again every intent the queue still holds; a write that fails otherwise (a full disk, a read-only
/// file) is reported once and returns `false`, and the queue goes on without keeping that intent.
final class Outbox {
    let url: URL
    private let owner: String
    private let warn: @Sendable (String) -> Void
    private var connection: Connection?
    private var synchronous = Synchronous.full
    private var warnedAboutWrites = false
    private var warnedAboutLocks = false
    /// Whether the last write that failed was kept off by another connection's lock (it may succeed later).
    private(set) var lastWriteWasBusy = false
    private let telemetry: TelemetryTracker

    /// Opens (or creates, or moves aside and recreates) the outbox at `url` for `owner`; failed writes are tracked on `telemetry`.
    init(url: URL, owner: String, warn: @escaping @Sendable (String) -> Void, telemetry: TelemetryTracker = .none) throws(OfflineQueueError) {
        self.url = url
        self.owner = owner
        self.warn = warn
        self.telemetry = telemetry
        connection = try Self.openFile(url, owner: owner, warn: warn)
    }

    /// Whether the file was deleted or replaced under this connection (another process logged out).
    var isGone: Bool { connection?.fileIsGone ?? false }

    /// Opens the file at the path again (a new, empty one after a logout elsewhere).
    func reopen() throws(OfflineQueueError) {
        connection?.close()
        connection = nil
        connection = try Self.openFile(url, owner: owner, warn: warn)
        synchronous = .full
    }

    /// The intents not yet settled, oldest first, at most `limit`; rows that cannot be read are skipped.
    func load(limit: Int) -> [QueuedIntent] {
        var intents: [QueuedIntent] = []
        // A read: another process's write lock never holds up an open.
        _ = recovering(.full, lost: Self.lostAtOpen, keeping: { [] }, rebuilt: (), reading: true) { db in
            intents = try db.query(OutboxSchema.selectWaiting, [limit]) { row in Self.intent(row) }.compactMap { $0 }
        }
        return intents
    }

    /// As `load(limit:)`, read without a write lock or any recovery; `nil` when the file cannot be read.
    func waitingIntents(limit: Int) -> [QueuedIntent]? {
        guard let db = connection else { return nil }
        return try? db.query(OutboxSchema.selectWaiting, [limit]) { row in Self.intent(row) }.compactMap { $0 }
    }

    /// How many intents the file holds not yet settled, whatever their number; `nil` when it cannot be read.
    func waitingCount() -> Int? {
        guard let db = connection else { return nil }
        return try? db.query(OutboxSchema.countWaiting) { row in try row.column(0, as: Int.self) }.first
    }

    /// The row of `post` as the file holds it now, another process's writes included.
    func row(of post: PostID) -> DiskRow {
        guard let db = connection else { return .unknown }
        do {
            return try Self.row(of: post, in: db)
        } catch {
            return .unknown
        }
    }

    /// Commits a tap wanting `wanted` for `post`, synced to the disk, in one transaction that reads the
    /// post's row and takes the file's next revision: an unsettled row keeps its `before` (filled from
    /// `before` when it had none), `queued_at` and attempts; a settled or missing row starts a new
    /// intent at `now`. Returns the intent as written, `fallback` when the file had to be started over
    /// (`keeping` lists every intent to save again, `fallback` among them), `nil` when it could not be kept.
    func tap(
        _ wanted: Bool, post: PostID, before: LikeResult?, now: Date, fallback: QueuedIntent, keeping: () -> [QueuedIntent]
    ) -> QueuedIntent? {
        recovering(.full, lost: Self.savedAgain, keeping: keeping, rebuilt: fallback) { db in
            var intent: QueuedIntent
            if case .waiting(let waiting) = try Self.row(of: post, in: db) {
                intent = waiting
                intent.wanted = wanted
                intent.before = intent.before ?? before
            } else {
                intent = QueuedIntent(post: post, wanted: wanted, before: before, queuedAt: now, attempts: 0, lastError: nil, revision: 0)
            }
            let revision = try Self.nextRevision(in: db)
            intent.revision = revision
            try Self.upsert(intent, into: db)
            return intent
        }
    }

    /// Makes the tombstone of `post` at `revision` an intent again, at the file's next revision and
    /// `now` (its wanted state and `before` kept, no attempts), synced: a request of this process
    /// carrying an older state may have landed after the one that settled it. `nil` when the row
    /// holds anything else now, or the write failed.
    func reopen(_ post: PostID, revision: Int, now: Date, keeping: () -> [QueuedIntent]) -> QueuedIntent? {
        let reopened = recovering(.full, lost: Self.savedAgain, keeping: keeping, rebuilt: nil) { db -> QueuedIntent? in
            guard case .settled(revision, _, _) = try Self.row(of: post, in: db) else { return nil }
            let next = try Self.nextRevision(in: db)
            try db.execute(OutboxSchema.reopen, [next, now.timeIntervalSinceReferenceDate, post.rawValue, revision])
            guard case .waiting(let intent) = try Self.row(of: post, in: db) else { return nil }
            return intent
        }
        return reopened ?? nil
    }

    /// Marks the row of `post` settled with the server's `reply` if it still holds `revision`; `false`
    /// when it holds another (a newer tap, possibly of another process) or none. A write that fails
    /// counts as settled: the row stays, and a later round sends the same state again.
    func markSettled(_ post: PostID, revision: Int, reply: LikeResult, at now: Date, keeping: () -> [QueuedIntent]) -> Bool {
        let marked = recovering(.normal, lost: Self.savedAgain, keeping: keeping, rebuilt: true) { db in
            try !db.query(
                OutboxSchema.markSettled,
                [reply.liked, reply.likeCount, now.timeIntervalSinceReferenceDate, post.rawValue, revision]
            ) { row in try row.column(0, as: Int.self) }.isEmpty
        }
        return marked ?? true
    }

    /// Records the attempts and last error of `intent` if its row still holds its revision, unsettled.
    func countAttempt(_ intent: QueuedIntent, keeping: () -> [QueuedIntent]) {
        _ = recovering(.normal, lost: Self.savedAgain, keeping: keeping, rebuilt: ()) { db in
            try db.execute(OutboxSchema.countAttempt, [intent.attempts, intent.lastError, intent.post.rawValue, intent.revision])
        }
    }

    /// Deletes the tombstones settled before `cutoff` (`NORMAL`: a purge lost to a power cut is done again).
    func purge(settledBefore cutoff: Date, keeping: () -> [QueuedIntent]) {
        _ = recovering(.normal, lost: Self.savedAgain, keeping: keeping, rebuilt: ()) { db in
            try db.execute(OutboxSchema.purge, [cutoff.timeIntervalSinceReferenceDate])
        }
    }

    /// Deletes the row of `post` if it still holds `revision` (whatever it holds when `nil`).
    func delete(_ post: PostID, revision: Int?, keeping: () -> [QueuedIntent]) {
        _ = recovering(.normal, lost: Self.savedAgain, keeping: keeping, rebuilt: ()) { db in
            if let revision {
                try db.execute(OutboxSchema.delete, [post.rawValue, revision])
            } else {
                try db.execute(OutboxSchema.deleteAnyRevision, [post.rawValue])
            }
        }
    }

    /// Deletes every row, folds the log back into the (overwritten) file, and removes the copies moved aside.
    func deleteAll() throws(OfflineQueueError) {
        do {
            guard let db = connection else { return try startOver() }
            try db.execute(OutboxSchema.deleteAll)
            try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            try DatabaseFiles.deleteMovedAside(url)
        } catch let error as DatabaseError where error.isCorrupt {
            try startOver()
        } catch let error as OfflineQueueError {
            throw error
        } catch {
            throw .cannotDelete(url, reason: (error as? DatabaseError).map(\.reason) ?? "\(error)")
        }
    }

    /// For tests: the file refuses to grow by more than `pages` SQLite pages, as a full disk would.
    func limitGrowthForTesting(toPages pages: Int) throws {
        guard let db = connection else { return }
        let current = try db.query("PRAGMA page_count") { row in try row.column(0, as: Int.self) }.first ?? 0
        try db.execute("PRAGMA max_page_count = \(current + max(0, pages))")
    }

    /// For tests: SQLite's `PRAGMA synchronous` on the connection now (1 = NORMAL, 2 = FULL).
    func synchronousForTesting() -> Int? {
        try? connection?.query("PRAGMA synchronous") { row in try row.column(0, as: Int.self) }.first
    }

    /// Removes every file of the outbox (unreadable, or never reopened) and opens an empty one.
    private func startOver() throws(OfflineQueueError) {
        connection?.close()
        connection = nil
        do {
            try DatabaseFiles.delete(url)
        } catch {
            throw .cannotDelete(url, reason: "\(error)")
        }
        connection = try Self.openFile(url, owner: owner, warn: warn)
        synchronous = .full
    }

    // MARK: - Recovery

    /// What the warning says was lost when a file is moved aside at open.
    private static let lostAtOpen = "the likes saved in it and not yet sent are lost"
    /// What the warning says when the file turns out corrupt while the queue runs.
    private static let savedAgain = "the likes waiting in this run were saved again"

    /// Opens the outbox of `owner`, or with `reason` moves it aside and starts over; a file moved aside
    /// is one warning line saying what was `lost`.
    private static func openFile(
        _ url: URL, owner: String, rebuilding reason: String? = nil, lost: String = lostAtOpen, warn: @Sendable (String) -> Void
    ) throws(OfflineQueueError) -> Connection {
        let movedAside = { (why: String, aside: URL) in
            warn("feed: the like queue at \(url.path) was unreadable (\(why)); moved it aside to \(aside.path) and started a new one; \(lost)")
        }
        let file = OutboxSchema.file(owner: owner)
        do {
            if let reason { return try file.rebuild(at: url, reason: reason, movedAside: movedAside) }
            return try file.open(at: url, movedAside: movedAside)
        } catch {
            throw .cannotOpen(url, reason: error.reason)
        }
    }

    /// Runs `body` in a write transaction and returns its result; on a corrupt file, moves it aside (one
    /// warning saying what was `lost`), starts a new one, saves `keeping()` into it (the clock raised
    /// past their revisions) and returns `rebuilt`. `nil` when nothing could be written.
    private func recovering<T>(
        _ level: Synchronous, lost: String, keeping: () -> [QueuedIntent], rebuilt value: T, reading: Bool = false,
        _ body: (Connection) throws -> T
    ) -> T? {
        guard let db = connection else { return nil }
        do {
            if level != synchronous {
                try db.execute("PRAGMA synchronous=\(level.rawValue)")
                synchronous = level
            }
            let result = reading ? try db.read { try body(db) } : try db.write { try body(db) }
            lastWriteWasBusy = false
            return result
        } catch let error as DatabaseError where error.isBusy {
            // Another process held the file longer than the busy timeout: the caller waits and tries again.
            lastWriteWasBusy = true
            if !warnedAboutLocks {
                warnedAboutLocks = true
                warn("feed: the like queue at \(url.path) is locked by another process (\(error.reason)); likes wait until they can be written")
            }
            return nil
        } catch let error as DatabaseError where error.isCorrupt {
            db.close()
            connection = nil
            do {
                let rebuilt = try Self.openFile(url, owner: owner, rebuilding: error.reason, lost: lost, warn: warn)
                connection = rebuilt
                synchronous = .full
                try rebuilt.write {
                    for intent in keeping() { try Self.upsert(intent, into: rebuilt) }
                    try rebuilt.execute(OutboxSchema.raiseClock)
                }
                return value
            } catch {
                reportWriteFailure("\(error)")
                return nil
            }
        } catch {
            reportWriteFailure((error as? DatabaseError).map(\.reason) ?? "\(error)")
            return nil
        }
    }

    /// Says once that the queue cannot write: likes are still sent, but not kept while offline.
    private func reportWriteFailure(_ reason: String) {
        telemetry.track(.storeWrite(store: .outbox, ok: false))
        guard !warnedAboutWrites else { return }
        warnedAboutWrites = true
        warn("feed: the like queue at \(url.path) cannot be written (\(reason)); likes are still sent but not kept while offline — free some disk space or check --data-dir")
    }
}
