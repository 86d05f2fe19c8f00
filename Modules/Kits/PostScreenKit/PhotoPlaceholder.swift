import FeedInterface
import ImageCodec
import TerminalUI
import TerminalUIInterface

/// What a photo box shows before its photo, or instead of a hidden one: the photo's BlurHash
/// decoded to the box's cells, else its dominant colour. Both screens draw it the same way.
public enum PhotoPlaceholder {
    /// Draws `row`'s placeholder over the box of `columns` × `rows` cells at `top`, `left`, only on
    /// `lines`; returns whether it drew (a row with neither a BlurHash nor a colour draws nothing).
    /// Without `blocks` (ASCII) only the colour is drawn. A screen's `cache` keeps what was decoded.
    @discardableResult
    public static func draw(
        _ row: PostRow, top: Int, left: Int, columns: Int, rows: Int, lines: Range<Int>, blocks: Bool = true, cache: PhotoPlaceholders? = nil,
        into buffer: inout ScreenBuffer
    ) -> Bool {
        guard columns > 0, rows > 0 else { return false }
        // The box's own pixels in half blocks (two a cell): at most 96 × 240 on any screen, 1.6 to
        // 3.3 ms to decode, so a screen keeps them (`cache`).
        if blocks, let text = row.blurHash, let hash = BlurHash(text), columns <= 512, rows <= 256 {
            let pixels = HalfBlockImage.pixelSize(columns: columns, rows: rows)
            let image = cache?.image(of: hash, text: text, width: pixels.width, height: pixels.height)
                ?? hash.decode(width: pixels.width, height: pixels.height)
            buffer.draw(image, row: top, column: left, lines: lines)
            return true
        }
        guard let colour = row.placeholder ?? row.blurHash.flatMap(BlurHash.init).map({ PhotoColor(red: $0.averageColour.red, green: $0.averageColour.green, blue: $0.averageColour.blue) })
        else { return false }
        let fill = Style(background: .rgb(red: colour.red, green: colour.green, blue: colour.blue))
        for line in max(top, lines.lowerBound)..<max(max(top, lines.lowerBound), min(top + rows, lines.upperBound)) {
            buffer.fill(row: line, columns: left..<(left + columns), style: fill)
        }
        return true
    }
}
