import CSQLite
import Foundation

/// The current result row of a query, readable only inside the closure given to `Connection.query`.
public struct Row: ~Copyable {
    @usableFromInline let handle: OpaquePointer

    @usableFromInline init(handle: OpaquePointer) { self.handle = handle }

    /// The number of columns.
    public var count: Int { Int(sqlite3_column_count(handle)) }

    /// The value of column `index` (from 0) as SQLite stores it.
    @inlinable
    public func value(at index: Int) -> DatabaseValue {
        let column = Int32(index)
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT:
            guard let bytes = sqlite3_column_text(handle, column) else { return .text("") }
            let length = Int(sqlite3_column_bytes(handle, column))
            return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self))
        case SQLITE_BLOB:
            let length = Int(sqlite3_column_bytes(handle, column))
            guard length > 0, let bytes = sqlite3_column_blob(handle, column) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: length))
        default:
            return .null
        }
    }

    /// Column `index` (from 0) read as `T`; `NULL` reads only as an optional.
    @inlinable
    public func column<T: DatabaseValueConvertible>(_ index: Int, as type: T.Type = T.self) throws(DatabaseError) -> T {
        do {
            return try T(databaseValue: value(at: index))
        } catch .typeMismatch(_, let expected, let found) {
            throw .typeMismatch(column: index, expected: expected, found: found)
        } catch {
            throw error
        }
    }
}
