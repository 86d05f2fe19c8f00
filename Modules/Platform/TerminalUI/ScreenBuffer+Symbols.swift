import ImageCodec
import TerminalUIInterface

extension ScreenBuffer {
    /// Draws `image` in `symbols` with its top-left cell at `row`, `column`, only on the buffer's
    /// lines in `lines`. For half blocks `image` is the box's pixels (two a cell); for the other
    /// sets it is the box's fit packed by `symbols.mosaic` (`CellMosaic.pack`: four pixels a
    /// cell), each cell drawn as its shape's glyph in its two colours.
    public mutating func draw(_ image: RGBImage, symbols: BlockSymbols, row: Int, column: Int, lines: Range<Int>) {
        guard symbols != .half else { return draw(image, row: row, column: column, lines: lines) }
        let (columns, rows) = symbols.cells(of: image)
        let firstRow = max(0, max(lines.lowerBound, 0) - row), lastRow = min(rows, min(size.rows, lines.upperBound) - row)
        let firstColumn = max(0, -column), lastColumn = min(columns, size.columns - column)
        guard firstRow < lastRow, firstColumn < lastColumn else { return }
        let glyphs = symbols.glyphs
        let full: UInt64 = (1 << UInt64(symbols.cell.pixelCount)) - 1
        for y in firstRow..<lastRow {
            for x in firstColumn..<lastColumn {
                let fit = CellMosaic.unpack(image, column: x, row: y)
                let inside = Color.rgb(red: fit.inside.0, green: fit.inside.1, blue: fit.inside.2)
                let outside = Color.rgb(red: fit.outside.0, green: fit.outside.1, blue: fit.outside.2)
                // One colour: a blank in it, which no font can draw wrong. Else the glyph whose ink
                // is the shape, or the one whose ink is the rest, its colours swapped.
                let drawn: Cell = if fit.shape & full == 0 || fit.shape & full == full || inside == outside {
                    Cell(grapheme: " ", width: 1, style: Style(foreground: outside, background: fit.shape & full == full ? inside : outside))
                } else if let glyph = glyphs[fit.shape & full] {
                    Cell(grapheme: glyph, width: 1, style: Style(foreground: inside, background: outside))
                } else if let glyph = glyphs[~fit.shape & full] {
                    Cell(grapheme: glyph, width: 1, style: Style(foreground: outside, background: inside))
                } else {
                    Cell(grapheme: HalfBlockImage.glyph, width: 1, style: Style(foreground: inside, background: outside))
                }
                put(drawn, row: row + y, column: column + x)
            }
        }
    }
}
