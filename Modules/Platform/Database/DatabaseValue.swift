import Foundation

/// One SQLite value: what a column holds or a parameter binds, by SQLite's storage class.
public enum DatabaseValue: Hashable, Sendable {
    /// SQL `NULL`.
    case null
    /// A 64-bit signed integer.
    case integer(Int64)
    /// An IEEE double.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Bytes, stored as given.
    case blob(Data)

    /// The storage class's name, for error messages: `NULL`, `INTEGER`, `REAL`, `TEXT`, `BLOB`.
    @usableFromInline
    var storageClass: String {
        switch self {
        case .null: "NULL"
        case .integer: "INTEGER"
        case .real: "REAL"
        case .text: "TEXT"
        case .blob: "BLOB"
        }
    }
}
