import ImageCodec
import TerminalUIInterface

/// Draws photos with upper-half blocks: each cell shows two pixels, the top one as the `▀`'s
/// colour and the bottom one as the cell's background, so a box of C×R cells shows C×2R pixels.
public enum HalfBlockImage {
    /// The glyph: the upper half of the cell.
    public static let glyph: Character = "▀"

    /// The pixel size to decode a photo to for a box of `columns` × `rows` cells.
    public static func pixelSize(columns: Int, rows: Int) -> PixelSize {
        PixelSize(width: max(1, columns), height: max(1, rows) * 2)
    }

    /// The two colours of the cell at `column`, `row` of the image's box: top and bottom pixel.
    /// With an odd height, the last row's bottom half is the terminal's background (nil).
    public static func colors(of image: RGBImage, column: Int, row: Int) -> (top: Color, bottom: Color?) {
        let top = image.pixel(x: column, y: row * 2)
        let topColor = Color.rgb(red: top.red, green: top.green, blue: top.blue)
        guard row * 2 + 1 < image.height else { return (topColor, nil) }
        let bottom = image.pixel(x: column, y: row * 2 + 1)
        return (topColor, Color.rgb(red: bottom.red, green: bottom.green, blue: bottom.blue))
    }
}

extension ScreenBuffer {
    /// Draws `image` with its top-left cell at `row`, `column`: `image.width` columns and
    /// ⌈`image.height` / 2⌉ rows, clipped at the edges of the buffer. Decode the photo to
    /// `HalfBlockImage.pixelSize(columns:rows:)` of the box so nothing is resampled here.
    public mutating func draw(_ image: RGBImage, row: Int, column: Int) {
        draw(image, row: row, column: column, lines: 0..<size.rows)
    }

    /// Draws `image` like `draw(_:row:column:)`, only on the buffer's lines in `lines` (a list area).
    public mutating func draw(_ image: RGBImage, row: Int, column: Int, lines: Range<Int>) {
        let rows = (image.height + 1) / 2
        let firstRow = max(0, max(lines.lowerBound, 0) - row), lastRow = min(rows, min(size.rows, lines.upperBound) - row)
        let firstColumn = max(0, -column), lastColumn = min(image.width, size.columns - column)
        guard firstRow < lastRow, firstColumn < lastColumn else { return }
        for y in firstRow..<lastRow {
            for x in firstColumn..<lastColumn {
                let (top, bottom) = HalfBlockImage.colors(of: image, column: x, row: y)
                put(Cell(grapheme: HalfBlockImage.glyph, width: 1, style: Style(foreground: top, background: bottom)), row: row + y, column: column + x)
            }
        }
    }
}
