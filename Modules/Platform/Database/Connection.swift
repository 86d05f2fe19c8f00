import CSQLite
import Foundation

/// One SQLite connection: WAL, foreign keys on, a 5 s busy timeout, prepared statements cached by SQL text.
///
/// Not `Sendable`: the compiler keeps it inside one isolation domain (the actor that owns it), and
/// that confinement is its serialization, so it opens with `SQLITE_OPEN_NOMUTEX`.
public final class Connection {
    /// A step of the schema: run once, in order, inside a write transaction.
    public typealias Migration = (Connection) throws -> Void

    /// How long a statement waits for another connection's lock before failing with `SQLITE_BUSY`.
    public static let busyTimeout: Duration = .seconds(5)

    /// The file's path as given.
    public let path: String

    private var database: OpaquePointer?
    private var statements: [String: Statement] = [:]
    private var savepointDepth = 0

    /// Opens the database at `path` (creating the file if missing) in WAL mode with `synchronous`.
    ///
    /// Throws `DatabaseError.sqlite`; a file that is not a database fails here with `isCorrupt`.
    public init(path: String, synchronous: Synchronous = .normal) throws(DatabaseError) {
        self.path = path
        var handle: OpaquePointer?
        // NOFOLLOW: a symbolic link where the database should be is refused, never followed.
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = Self.error(handle, code: code, sql: nil)
            sqlite3_close_v2(handle)
            throw error
        }
        database = handle
        sqlite3_extended_result_codes(handle, 1)
        let milliseconds = Self.busyTimeout.components.seconds * 1000
        sqlite3_busy_timeout(handle, Int32(milliseconds))
        do {
            // journal_mode reads the header first: a file that is not a database fails here.
            try execute("PRAGMA journal_mode=WAL")
            try execute("PRAGMA synchronous=\(synchronous.rawValue)")
            try execute("PRAGMA foreign_keys=ON")
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Finalizes every statement and closes the file; later calls throw `SQLITE_MISUSE`. Safe to repeat.
    public func close() {
        statements.removeAll()
        if let database { sqlite3_close_v2(database) }
        database = nil
    }

    /// Runs one statement with `bindings` for its `?` parameters, discarding any rows.
    public func execute(_ sql: String, _ bindings: [(any DatabaseValueConvertible)?] = []) throws(DatabaseError) {
        let (database, statement) = try prepared(sql, bindings)
        defer { statement.reset() }
        var code = sqlite3_step(statement.handle)
        while code == SQLITE_ROW { code = sqlite3_step(statement.handle) }
        guard code == SQLITE_DONE else { throw Self.error(database, code: code, sql: sql) }
    }

    /// Runs one query and maps each row with `transform`, in order.
    @inlinable
    public func query<T>(
        _ sql: String,
        _ bindings: [(any DatabaseValueConvertible)?] = [],
        _ transform: (borrowing Row) throws -> T
    ) throws -> [T] {
        let (database, statement) = try prepared(sql, bindings)
        defer { statement.reset() }
        var results: [T] = []
        while true {
            let code = sqlite3_step(statement.handle)
            if code == SQLITE_DONE { return results }
            guard code == SQLITE_ROW else { throw Self.error(database, code: code, sql: sql) }
            let row = Row(handle: statement.handle)
            results.append(try transform(row))
        }
    }

    /// Runs `body` in a write transaction (`BEGIN IMMEDIATE` … `COMMIT`); a thrown error rolls it back.
    ///
    /// Nested calls become savepoints of the outer transaction.
    public func write<T>(_ body: () throws -> T) throws -> T {
        try transaction(begin: "BEGIN IMMEDIATE", body)
    }

    /// Runs `body` in a read transaction (`BEGIN DEFERRED`), so its queries see one snapshot.
    public func read<T>(_ body: () throws -> T) throws -> T {
        try transaction(begin: "BEGIN DEFERRED", body)
    }

    /// Runs several `;`-separated statements without bindings or caching, e.g. a migration's DDL.
    public func executeScript(_ sql: String) throws(DatabaseError) {
        let database = try open()
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(database, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw .sqlite(code: sqlite3_extended_errcode(database), message: text, sql: sql)
        }
    }

    /// The file's `PRAGMA user_version`: the number of migrations applied.
    public func userVersion() throws -> Int {
        try query("PRAGMA user_version") { try $0.column(0, as: Int.self) }.first ?? 0
    }

    /// Applies the migrations the file has not seen yet, each in its own transaction, and records them in
    /// `user_version`. Throws `DatabaseError.futureSchema` when the file has more than `migrations`.
    public func migrate(_ migrations: [Migration]) throws {
        let found = try userVersion()
        guard found >= 0 else { throw DatabaseError.corrupt("its schema version is \(found)") }
        guard found <= migrations.count else { throw DatabaseError.futureSchema(found: found, known: migrations.count) }
        for index in found..<migrations.count {
            try write {
                // Another connection may have migrated between the read above and this lock.
                guard try userVersion() == index else { return }
                try migrations[index](self)
                try execute("PRAGMA user_version = \(index + 1)")
            }
        }
    }

    /// Whether the file this connection has open is no longer at its path (deleted or renamed by
    /// another process, e.g. a logout): what it holds is no one's any more.
    public var fileIsGone: Bool {
        guard let database else { return true }
        var moved: Int32 = 0
        guard sqlite3_file_control(database, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK else { return false }
        return moved != 0
    }

    /// `PRAGMA integrity_check`: the problems SQLite found, empty when the file is sound.
    public func integrityCheck() throws -> [String] {
        let lines = try query("PRAGMA integrity_check") { try $0.column(0, as: String.self) }
        return lines == ["ok"] ? [] : lines
    }

    // MARK: - Internals

    /// The number of prepared statements in the cache.
    var cachedStatementCount: Int { statements.count }

    /// The cached statement for `sql`, prepared on first use.
    func statement(for sql: String) throws(DatabaseError) -> Statement {
        if let cached = statements[sql] { return cached }
        let statement = try Statement(database: try open(), sql: sql)
        statements[sql] = statement
        return statement
    }

    @usableFromInline
    func prepared(
        _ sql: String,
        _ bindings: [(any DatabaseValueConvertible)?]
    ) throws(DatabaseError) -> (OpaquePointer, Statement) {
        let database = try open()
        let statement = try statement(for: sql)
        do {
            try statement.bind(bindings, database: database)
        } catch {
            statement.reset()
            throw error
        }
        return (database, statement)
    }

    private func open() throws(DatabaseError) -> OpaquePointer {
        guard let database else {
            throw .sqlite(code: SQLITE_MISUSE, message: "the database connection is closed", sql: nil)
        }
        return database
    }

    private func transaction<T>(begin: String, _ body: () throws -> T) throws -> T {
        let database = try open()
        if sqlite3_get_autocommit(database) == 0 {
            savepointDepth += 1
            defer { savepointDepth -= 1 }
            let name = "nested_\(savepointDepth)"
            try execute("SAVEPOINT \(name)")
            do {
                let result = try body()
                try execute("RELEASE \(name)")
                return result
            } catch {
                try? execute("ROLLBACK TO \(name)")
                try? execute("RELEASE \(name)")
                throw error
            }
        }
        try execute(begin)
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // Some errors (e.g. SQLITE_FULL) already rolled back; only roll back a live transaction.
            if sqlite3_get_autocommit(database) == 0 { try? execute("ROLLBACK") }
            throw error
        }
    }

    /// The error SQLite reports for `code` on `database`, with its message.
    @usableFromInline
    static func error(_ database: OpaquePointer?, code: Int32, sql: String?) -> DatabaseError {
        guard let database else {
            return .sqlite(code: code, message: String(cString: sqlite3_errstr(code)), sql: sql)
        }
        let extended = sqlite3_extended_errcode(database)
        let message = String(cString: sqlite3_errmsg(database))
        // errmsg/extended describe the latest failure on the connection, which is this one.
        return .sqlite(code: extended & 0xFF == code & 0xFF ? extended : code, message: message, sql: sql)
    }
}
