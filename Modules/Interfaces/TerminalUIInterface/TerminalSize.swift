/// A terminal's size in character cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    /// Columns, 1 to `maxSide`.
    public let columns: Int
    /// Rows, 1 to `maxSide`.
    public let rows: Int

    /// The longest side believed (a terminal, `COLUMNS` or an ioctl may say anything): a frame of
    /// the largest size is 4 million cells, never an overflow or gigabytes.
    public static let maxSide = 2_000

    /// Creates a size; each side is clamped to 1…`maxSide`.
    public init(columns: Int, rows: Int) {
        self.columns = min(max(1, columns), Self.maxSide)
        self.rows = min(max(1, rows), Self.maxSide)
    }

    public var description: String { "\(columns)x\(rows)" }
}
