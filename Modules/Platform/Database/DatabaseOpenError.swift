/// A database file could not be opened, nor moved aside and started over: why, in one line.
public struct DatabaseOpenError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The reason, e.g. SQLite's message or the file error.
    public let reason: String

    /// Creates the error.
    public init(reason: String) { self.reason = reason }

    public var description: String { reason }
}
