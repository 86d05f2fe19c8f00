import CSQLite
import Foundation

/// A SQLite file opened read-only (never following a symbolic link), to look at what the client
/// saved without changing it; another process may have it open at the same time.
final class ReadOnlyDatabase {
    /// A failure, with SQLite's message.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private var handle: OpaquePointer?

    /// Opens the file at `path`; throws when it cannot be opened or read.
    init(path: String) throws(Failure) {
        let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOFOLLOW
        var db: OpaquePointer?
        let code = sqlite3_open_v2(path, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "code \(code)"
            sqlite3_close_v2(db)
            throw Failure(description: "cannot open \(path) read-only: \(message)")
        }
        sqlite3_busy_timeout(db, 5000)
        handle = db
    }

    deinit { sqlite3_close_v2(handle) }

    /// The rows of `sql`, each column as text (nil for NULL), at most `limit` rows.
    func rows(_ sql: String, limit: Int = 10_000) throws(Failure) -> [[String?]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw Failure(description: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
        }
        defer { sqlite3_finalize(statement) }
        var result: [[String?]] = []
        while result.count < limit {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else { throw Failure(description: "\(sql): \(String(cString: sqlite3_errmsg(handle)))") }
            result.append((0..<sqlite3_column_count(statement)).map { column in
                sqlite3_column_text(statement, column).map { String(cString: $0) }
            })
        }
        return result
    }

    /// The first column of every row of `sql`.
    func column(_ sql: String) throws(Failure) -> [String] {
        try rows(sql).map { $0.first.flatMap { $0 } ?? "" }
    }
}
