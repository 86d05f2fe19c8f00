import Foundation

/// A Swift type that binds as an SQL parameter and reads back from a column.
public protocol DatabaseValueConvertible: Sendable {
    /// The value to bind.
    var databaseValue: DatabaseValue { get }
    /// Reads a column's value; throws `DatabaseError.typeMismatch` when the storage class does not fit.
    init(databaseValue: DatabaseValue) throws(DatabaseError)
}

extension DatabaseValue: DatabaseValueConvertible {
    @inlinable public var databaseValue: DatabaseValue { self }
    @inlinable public init(databaseValue: DatabaseValue) { self = databaseValue }
}

extension Int64: DatabaseValueConvertible {
    @inlinable public var databaseValue: DatabaseValue { .integer(self) }
    @inlinable public init(databaseValue: DatabaseValue) throws(DatabaseError) {
        guard case .integer(let value) = databaseValue else { throw .mismatch(databaseValue, expected: "Int64") }
        self = value
    }
}

extension Int: DatabaseValueConvertible {
    @inlinable public var databaseValue: DatabaseValue { .integer(Int64(self)) }
    @inlinable public init(databaseValue: DatabaseValue) throws(DatabaseError) {
        guard case .integer(let value) = databaseValue, let int = Int(exactly: value) else {
            throw .mismatch(databaseValue, expected: "Int")
        }
        self = int
    }
}

extension Bool: DatabaseValueConvertible {
    @inlinable public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }
    @inlinable public init(databaseValue: DatabaseValue) throws(DatabaseError) {
        guard case .integer(let value) = databaseValue else { throw .mismatch(databaseValue, expected: "Bool") }
        self = value != 0
    }
}

extension Double: DatabaseValueConvertible {
    @inlinable public var databaseValue: DatabaseValue { .real(self) }
    /// Reads `REAL`, and `INTEGER` widened (SQLite stores whole reals in REAL columns as integers on disk).
    @inlinable public init(databaseValue: DatabaseValue) throws(DatabaseError) {
        switch databaseValue {
        case .real(let value): self = value
        case .integer(let value): self = Double(value)
        default: throw .mismatch(databaseValue, expected: "Double")
        }
    }
}

extension String: DatabaseValueConvertible {
    @inlinable public var databaseValue: DatabaseValue { .text(self) }
    @inlinable public init(databaseValue: DatabaseValue) throws(DatabaseError) {
        guard case .text(let value) = databaseValue else { throw .mismatch(databaseValue, expected: "String") }
        self = value
    }
}

extension Data: DatabaseValueConvertible {
    @inlinable public var databaseValue: DatabaseValue { .blob(self) }
    @inlinable public init(databaseValue: DatabaseValue) throws(DatabaseError) {
        guard case .blob(let value) = databaseValue else { throw .mismatch(databaseValue, expected: "Data") }
        self = value
    }
}

/// `nil` binds as `NULL`, and `NULL` reads as `nil`.
extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    @inlinable public var databaseValue: DatabaseValue { self?.databaseValue ?? .null }
    @inlinable public init(databaseValue: DatabaseValue) throws(DatabaseError) {
        if case .null = databaseValue {
            self = .none
        } else {
            self = .some(try Wrapped(databaseValue: databaseValue))
        }
    }
}
