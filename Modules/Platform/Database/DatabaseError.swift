import CSQLite

/// What went wrong in the database, with SQLite's own code and message when SQLite said it.
public enum DatabaseError: Error, Hashable, CustomStringConvertible {
    /// SQLite refused: its extended result code, its message, and the statement when there was one.
    case sqlite(code: Int32, message: String, sql: String?)
    /// The file's `user_version` is newer than the migrations this build knows.
    case futureSchema(found: Int, known: Int)
    /// A column held a storage class the requested Swift type cannot read.
    case typeMismatch(column: Int?, expected: String, found: String)

    /// SQLite's primary result code (the low byte of the extended code), `nil` for non-SQLite errors.
    public var primaryCode: Int32? {
        guard case .sqlite(let code, _, _) = self else { return nil }
        return code & 0xFF
    }

    /// `true` when the file is damaged or not a database at all (`SQLITE_CORRUPT`, `SQLITE_NOTADB`).
    public var isCorrupt: Bool {
        primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB
    }

    /// `true` when another connection holds a lock SQLite would not wait for (`SQLITE_BUSY`,
    /// `SQLITE_LOCKED`): a moment later the same call may succeed.
    public var isBusy: Bool {
        primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED
    }

    /// SQLite's own words, e.g. `file is not a database` (else the description): for one-line messages.
    public var reason: String {
        if case .sqlite(_, let message, _) = self { return message }
        return description
    }

    public var description: String {
        switch self {
        case .sqlite(let code, let message, let sql):
            let statement = sql.map { " in `\($0.prefix(120))`" } ?? ""
            return "SQLite error \(code) (\(message))\(statement)"
        case .futureSchema(let found, let known):
            return "the database has schema version \(found), newer than the \(known) this build knows; update the program or move the file away"
        case .typeMismatch(let column, let expected, let found):
            let place = column.map { "column \($0)" } ?? "a value"
            return "\(place) holds \(found), which cannot be read as \(expected)"
        }
    }

    /// A file whose contents cannot be (a value no program of ours wrote): handled as `SQLITE_CORRUPT`.
    public static func corrupt(_ message: String) -> DatabaseError {
        .sqlite(code: SQLITE_CORRUPT, message: message, sql: nil)
    }

    /// A mismatch found while converting `value`; `Row` fills in the column.
    @usableFromInline
    static func mismatch(_ value: DatabaseValue, expected: String) -> DatabaseError {
        .typeMismatch(column: nil, expected: expected, found: value.storageClass)
    }
}
