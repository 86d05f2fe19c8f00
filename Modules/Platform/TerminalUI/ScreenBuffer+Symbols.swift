import ImageCodec

extension ScreenBuffer {
    /// Draws `image` in `symbols` with its top-left cell at `row`, `column`, only on the buffer's
    /// lines in `lines`: one cell per `symbols.cell` of pixels. Decode the photo to
    /// `symbols.pixelSize(columns:rows:)` of the box and fit it with `symbols.mosaic`, so each
    /// cell holds two colours in a shape a glyph has; a cell that does not (a photo not fitted)
    /// is drawn as a half block of its mean colours.
    public mutating func draw(_ image: RGBImage, symbols: BlockSymbols, row: Int, column: Int, lines: Range<Int>) {
        guard symbols != .half else { return draw(image, row: row, column: column, lines: lines) }
        let cell = symbols.cell
        let columns = image.width / cell.width, rows = image.height / cell.height
        let firstRow = max(0, max(lines.lowerBound, 0) - row), lastRow = min(rows, min(size.rows, lines.upperBound) - row)
        let firstColumn = max(0, -column), lastColumn = min(columns, size.columns - column)
        guard firstRow < lastRow, firstColumn < lastColumn else { return }
        let count = cell.pixelCount
        let glyphs = symbols.glyphs
        let full: UInt64 = count == 64 ? .max : (1 << UInt64(count)) - 1
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in firstRow..<lastRow {
                for x in firstColumn..<lastColumn {
                    // The cell's first pixel names one group; the pixels of its colour are the shape.
                    let origin = ((y * cell.height) * image.width + x * cell.width) * 3
                    let first = (pixels[origin], pixels[origin + 1], pixels[origin + 2])
                    var shape: UInt64 = 0
                    var other = first
                    for index in 0..<count {
                        let offset = origin + ((index / cell.width) * image.width + index % cell.width) * 3
                        let pixel = (pixels[offset], pixels[offset + 1], pixels[offset + 2])
                        if pixel == first { shape |= 1 << UInt64(index) } else { other = pixel }
                    }
                    let (one, two): (Color, Color) = (.rgb(red: first.0, green: first.1, blue: first.2), .rgb(red: other.0, green: other.1, blue: other.2))
                    // One colour: a blank in it, which no font can draw wrong. Else the glyph whose
                    // ink is the first pixel's group, or the one whose ink is the other group.
                    let drawn: Cell = if shape == full {
                        Cell(grapheme: " ", width: 1, style: Style(foreground: one, background: one))
                    } else if let glyph = glyphs[shape] {
                        Cell(grapheme: glyph, width: 1, style: Style(foreground: one, background: two))
                    } else if let glyph = glyphs[~shape & full] {
                        Cell(grapheme: glyph, width: 1, style: Style(foreground: two, background: one))
                    } else {
                        Cell(grapheme: HalfBlockImage.glyph, width: 1, style: Style(foreground: one, background: two))
                    }
                    put(drawn, row: row + y, column: column + x)
                }
            }
        }
    }
}
