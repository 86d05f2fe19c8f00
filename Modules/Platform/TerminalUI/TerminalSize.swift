/// A terminal's size in character cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    /// Columns, at least 1.
    public let columns: Int
    /// Rows, at least 1.
    public let rows: Int

    /// Creates a size; each side is at least 1.
    public init(columns: Int, rows: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
    }

    public var description: String { "\(columns)x\(rows)" }
}
