/// A photo drawn by a graphics protocol over a box of cells: its pixels (the box's size in the
/// terminal's cell pixels), where the box is, and which of its lines show (a box cut by the
/// list's edge shows only some). Two placements are equal when their key and geometry are: the
/// pixels of one key never change.
public struct GraphicsPlacement: Hashable, Sendable {
    /// Names the pixels: the same key is the same image (e.g. its address and size).
    public let key: String
    /// The pixels, `columns` × `rows` cells' worth.
    public let image: TerminalPixels
    /// The box's top-left cell; `row` may be above the screen when the box is cut at the top.
    public let row: Int, column: Int
    /// The box's size in cells.
    public let columns: Int, rows: Int
    /// The box's lines that show, from 0 (the box's first line).
    public let shown: Range<Int>

    /// Creates a placement.
    public init(key: String, image: TerminalPixels, row: Int, column: Int, columns: Int, rows: Int, shown: Range<Int>) {
        self.key = key
        self.image = image
        self.row = row
        self.column = column
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        self.shown = shown.clamped(to: 0..<max(1, rows))
    }

    /// The pixel rows of `image` that the shown lines cover.
    public var shownPixelRows: Range<Int> {
        let perLine = Double(image.height) / Double(rows)
        let top = Int((Double(shown.lowerBound) * perLine).rounded()), bottom = Int((Double(shown.upperBound) * perLine).rounded())
        return min(top, image.height)..<min(max(top, bottom), image.height)
    }

    public static func == (lhs: GraphicsPlacement, rhs: GraphicsPlacement) -> Bool {
        lhs.key == rhs.key && lhs.row == rhs.row && lhs.column == rhs.column && lhs.columns == rhs.columns && lhs.rows == rhs.rows
            && lhs.shown == rhs.shown
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(row)
        hasher.combine(column)
        hasher.combine(shown.lowerBound)
        hasher.combine(shown.upperBound)
    }
}
