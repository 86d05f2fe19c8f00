/// A grid of cells: one frame of the screen, built by a renderer and sent by a `ScreenWriter`.
public struct ScreenBuffer: Hashable, Sendable {
    /// The grid's size.
    public let size: TerminalSize
    /// The cells, row by row.
    public private(set) var cells: [Cell]
    /// Photos a graphics protocol draws over boxes of cells (empty with half blocks).
    public private(set) var graphics: [GraphicsPlacement] = []

    /// A blank grid of `size`.
    public init(size: TerminalSize) {
        self.size = size
        cells = Array(repeating: .blank, count: size.columns * size.rows)
    }

    /// `columns` within `0..<width`; empty when it lies wholly outside (a box past a narrow terminal's edge).
    static func clamp(_ columns: Range<Int>, to width: Int) -> Range<Int> {
        let lower = min(max(0, columns.lowerBound), width)
        return lower..<max(lower, min(width, columns.upperBound))
    }

    /// The cell at `row`, `column` (both from 0).
    public subscript(row: Int, column: Int) -> Cell {
        cells[row * size.columns + column]
    }

    /// Draws `text` from `row`, `column`, clipped at `maxColumns` and at the right edge, and returns
    /// the columns drawn. A wide grapheme that does not fit whole is left out; controls are dropped.
    @discardableResult
    public mutating func write(_ text: String, row: Int, column: Int, style: Style = .plain, maxColumns: Int? = nil) -> Int {
        guard row >= 0, row < size.rows, column < size.columns else { return 0 }
        let limit = min(size.columns, column + (maxColumns ?? size.columns))
        var x = column
        for character in text {
            let width = DisplayWidth.of(character)
            if width == 0 { continue }
            if x + width > limit { break }
            if x >= 0 { put(Cell(grapheme: character, width: width, style: style), row: row, column: x) }
            x += width
        }
        return max(0, x - max(column, 0))
    }

    /// Adds a photo for a graphics protocol to draw; the cells under it are blanked.
    public mutating func place(_ placement: GraphicsPlacement) {
        guard !placement.shown.isEmpty else { return }
        for line in placement.shown {
            fill(row: placement.row + line, columns: placement.column..<(placement.column + placement.columns))
        }
        graphics.append(placement)
    }

    /// Fills `columns` of `row` with `character` (one column wide) in `style`.
    public mutating func fill(row: Int, columns: Range<Int>, with character: Character = " ", style: Style = .plain) {
        guard row >= 0, row < size.rows else { return }
        let clamped = Self.clamp(columns, to: size.columns)
        for x in clamped { put(Cell(grapheme: character, width: 1, style: style), row: row, column: x) }
    }

    /// Changes the style of `columns` of `row`, keeping the graphemes.
    public mutating func restyle(row: Int, columns: Range<Int>, _ change: (inout Style) -> Void) {
        guard row >= 0, row < size.rows else { return }
        let clamped = Self.clamp(columns, to: size.columns)
        for x in clamped { change(&cells[row * size.columns + x].style) }
    }

    /// The text of `row`, without trailing spaces.
    public func text(row: Int) -> String {
        var out = ""
        let start = row * size.columns
        for cell in cells[start..<start + size.columns] where !cell.isContinuation {
            out.append(cell.grapheme)
        }
        while out.last == " " { out.removeLast() }
        return out
    }

    /// Every row's text, without trailing spaces, joined by newlines; no escape sequences.
    public var plainText: String {
        (0..<size.rows).map(text(row:)).joined(separator: "\n")
    }

    /// Stores `cell`, keeping wide graphemes whole: whatever it overlaps of a wide grapheme is blanked.
    package mutating func put(_ cell: Cell, row: Int, column: Int) {
        let start = row * size.columns
        let index = start + column
        // Overwriting the right half of a wide grapheme: blank its left half.
        if cells[index].isContinuation, column > 0 {
            cells[index - 1] = Cell(grapheme: " ", style: cells[index - 1].style)
        }
        // Overwriting the left half of a wide grapheme: blank its right half.
        if cells[index].width == 2, column + 1 < size.columns {
            cells[index + 1] = Cell(grapheme: " ", style: cells[index + 1].style)
        }
        if cell.width == 2 {
            if column + 1 >= size.columns {
                cells[index] = Cell(grapheme: " ", style: cell.style)
                return
            }
            if cells[index + 1].width == 2, column + 2 < size.columns {
                cells[index + 2] = Cell(grapheme: " ", style: cells[index + 2].style)
            }
            cells[index] = cell
            cells[index + 1] = .continuation(style: cell.style)
        } else {
            cells[index] = cell
        }
    }
}
