import CSQLite
import Foundation

/// `SQLITE_TRANSIENT`: SQLite copies the bound bytes before `bind` returns (the C macro is not imported).
let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One prepared statement, kept in its connection's cache and reused: reset and unbound after each run.
@usableFromInline
final class Statement {
    /// SQLite's handle.
    @usableFromInline let handle: OpaquePointer
    /// The SQL it was prepared from; the cache key.
    let sql: String

    /// Prepares `sql` on `database`; throws SQLite's error when the SQL does not compile.
    init(database: OpaquePointer, sql: String) throws(DatabaseError) {
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(database, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK, let handle else {
            sqlite3_finalize(handle)
            throw Connection.error(database, code: code, sql: sql)
        }
        self.handle = handle
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds `values` to the parameters 1…n; the count must match the statement's parameters.
    func bind(_ values: [(any DatabaseValueConvertible)?], database: OpaquePointer) throws(DatabaseError) {
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard expected == values.count else {
            throw .sqlite(
                code: SQLITE_RANGE,
                message: "the statement takes \(expected) parameters but \(values.count) were given",
                sql: sql
            )
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value?.databaseValue ?? .null {
            case .null:
                code = sqlite3_bind_null(handle, index)
            case .integer(let int):
                code = sqlite3_bind_int64(handle, index, int)
            case .real(let double):
                code = sqlite3_bind_double(handle, index, double)
            case .text(let text):
                let length = Int32(text.utf8.count)
                code = text.withCString { sqlite3_bind_text(handle, index, $0, length, SQLITE_TRANSIENT) }
            case .blob(let data):
                if data.isEmpty {
                    code = sqlite3_bind_zeroblob(handle, index, 0)
                } else {
                    code = data.withUnsafeBytes {
                        sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), SQLITE_TRANSIENT)
                    }
                }
            }
            guard code == SQLITE_OK else { throw Connection.error(database, code: code, sql: sql) }
        }
    }

    /// Makes the statement ready for the next run and drops its bindings and read locks.
    @usableFromInline func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }
}
