import Foundation

/// A program's database file, opened the one checked way: created 0600 before SQLite opens it,
/// checked against its schema's shape, migrated, and moved aside and started over (reported once)
/// when it is corrupt, foreign, or of another version.
///
/// Nothing here opens a descriptor of a file SQLite may hold: closing one would drop every POSIX
/// lock the process holds on that file, and another process could then checkpoint and delete the
/// log under SQLite. SQLite gives the `-wal` and `-shm` it creates the database file's mode itself.
public struct CheckedDatabaseFile: Sendable {
    private let schema: SchemaShape
    private let migrations: @Sendable () -> [Connection.Migration]
    private let synchronous: Synchronous
    private let check: @Sendable (Connection) throws -> String?

    /// A file of `schema`, created by the `migrations` it returns, opened with `synchronous`; `check` runs
    /// after the migrations and returns why the file is not ours (e.g. another user's), or `nil`.
    public init(
        schema: SchemaShape, migrations: @escaping @Sendable () -> [Connection.Migration], synchronous: Synchronous = .normal,
        check: @escaping @Sendable (Connection) throws -> String? = { _ in nil }
    ) {
        self.schema = schema
        self.migrations = migrations
        self.synchronous = synchronous
        self.check = check
    }

    /// Opens the file at `url`, creating it (and a private directory); an unreadable one is moved aside,
    /// `movedAside` hears why and where it went, and a new file is started.
    public func open(at url: URL, movedAside: (_ reason: String, _ aside: URL) -> Void) throws(DatabaseOpenError) -> sending Connection {
        switch try patiently({ () throws(DatabaseOpenError) in try validated(url) }) {
        case .ready(let connection): connection
        case .unreadable(let reason): try rebuild(at: url, reason: reason, movedAside: movedAside)
        case .busy(let reason): throw DatabaseOpenError(reason: reason)
        }
    }

    /// How long an open waits for a lock another process holds (one SQLite would not wait for:
    /// another process creating the file, or closing it last) before it gives up.
    public static let lockPatience: Duration = .seconds(10)

    /// Runs `attempt` again, after a growing pause, while another connection's lock is in the way.
    private func patiently(_ attempt: () throws(DatabaseOpenError) -> Opening) throws(DatabaseOpenError) -> Opening {
        let deadline = ContinuousClock.now + Self.lockPatience
        var pause = Duration.milliseconds(5)
        while true {
            let opening = try attempt()
            guard case .busy = opening, ContinuousClock.now + pause < deadline else { return opening }
            Thread.sleep(forTimeInterval: Double(pause.components.attoseconds) / 1e18 + Double(pause.components.seconds))
            pause = min(pause * 2, .milliseconds(200))
        }
    }

    /// Moves the file at `url` aside because of `reason` (found while it was in use: the caller closed
    /// its connection), tells `movedAside`, and opens a new file.
    public func rebuild(
        at url: URL, reason: String, movedAside: (_ reason: String, _ aside: URL) -> Void
    ) throws(DatabaseOpenError) -> sending Connection {
        let aside: URL
        do {
            aside = try DatabaseFiles.moveAside(url)
        } catch {
            throw DatabaseOpenError(reason: "\(reason); moving it aside failed: \(error)")
        }
        movedAside(reason, aside)
        switch try patiently({ () throws(DatabaseOpenError) in try validated(url) }) {
        case .ready(let connection): return connection
        case .unreadable(let again), .busy(let again): throw DatabaseOpenError(reason: again)
        }
    }

    private enum Opening {
        case ready(Connection)
        case unreadable(reason: String)
        /// Another connection's lock was in the way: worth trying again.
        case busy(reason: String)
    }

    /// Opens `url` and checks it is of this schema (or empty, then creates it), passes `check`, and is sound.
    private func validated(_ url: URL) throws(DatabaseOpenError) -> Opening {
        do {
            try DatabaseFiles.prepare(url)
        } catch {
            throw DatabaseOpenError(reason: "\(error)")
        }
        let connection: Connection
        do {
            connection = try Connection(path: url.path, synchronous: synchronous)
        } catch where error.isCorrupt {
            return .unreadable(reason: error.reason)
        } catch where error.isBusy {
            return .busy(reason: error.reason)
        } catch {
            throw DatabaseOpenError(reason: error.reason)
        }
        do {
            if let problem = try schema.problem(in: connection) ?? migrated(connection) {
                connection.close()
                return .unreadable(reason: problem)
            }
            // Deleted rows are overwritten, so a logout leaves nothing readable behind.
            try connection.execute("PRAGMA secure_delete=ON")
            let problems = try connection.query("PRAGMA quick_check") { row in try row.column(0, as: String.self) }
            guard problems == ["ok"] else {
                connection.close()
                return .unreadable(reason: "it failed SQLite's check: \(problems.first ?? "no answer")")
            }
            return .ready(connection)
        } catch let error as DatabaseError where error.isCorrupt {
            connection.close()
            return .unreadable(reason: error.reason)
        } catch let error as DatabaseError where error.isBusy {
            connection.close()
            return .busy(reason: error.reason)
        } catch {
            connection.close()
            throw DatabaseOpenError(reason: (error as? DatabaseError).map(\.reason) ?? "\(error)")
        }
    }

    /// Applies the migrations, then `check`: why the file is not ours, or `nil`.
    private func migrated(_ connection: Connection) throws -> String? {
        try connection.migrate(migrations())
        return try check(connection)
    }
}
