import FeedInterface
import ImageCodec
import ImagePipeline
import PostScreenKit
import TerminalUI
import TerminalUIInterface

/// Draws one cell of the profile grid: a photo box of the photo's shape inside the grid's cell
/// (framed in the selection's colour when selected, the photo's file name inside until the photo
/// is drawn, its BlurHash while it loads), then the heart and the likes (inverted when selected).
/// A sensitive photo or one under a content warning shows only its BlurHash here (the feed reveals
/// it); a text post shows the start of its text in the box. Only lines inside `visible` are drawn.
struct ProfileCellLayout {
    let grid: ProfileGrid
    let glyphs: Glyphs
    /// The block symbols a photo is drawn with.
    var symbols = BlockSymbols.half
    /// The colours.
    var theme = ProfileScreenTheme.standard
    /// The screen's decoded BlurHashes.
    var placeholders: PhotoPlaceholders?

    /// The box's pixels in half blocks (two a cell, one above the other), fitted to `row`'s photo's shape.
    private func halfBlockPixels(for row: PostRow) -> PixelSize {
        let box = HalfBlockImage.pixelSize(columns: grid.cellWidth - 1, rows: grid.boxRows)
        let ratio = row.aspectRatio.isFinite && row.aspectRatio > 0 ? min(max(row.aspectRatio, 0.01), 100) : 1
        return box.fitting(aspectOf: PixelSize(width: 10_000, height: max(1, Int(10_000 / ratio))))
    }

    /// The box's size in cells, fitted to `row`'s photo's shape.
    func photoCells(for row: PostRow) -> (columns: Int, rows: Int) {
        let fitted = halfBlockPixels(for: row)
        return (fitted.width, (fitted.height + 1) / 2)
    }

    /// The pixel size to decode `row`'s photo to: the box's pixels in `symbols`, fitted to the photo's shape.
    func photoPixelSize(for row: PostRow) -> PixelSize {
        guard symbols != .half else { return halfBlockPixels(for: row) }
        let cells = photoCells(for: row)
        return symbols.pixelSize(columns: cells.columns, rows: cells.rows)
    }

    func draw(
        _ row: PostRow, selected: Bool, x: Int, y: Int, visible: Range<Int>, photo: ImageRowState? = nil, mark: String? = nil,
        into buffer: inout ScreenBuffer
    ) {
        let width = grid.cellWidth - 1
        if !row.hidesContent, case .ready(let image) = photo {
            // The photo, centred in its box, in block symbols; the box's frame gives way to it.
            let (columns, lines) = symbols.cells(of: image)
            let left = x + (width - columns) / 2
            let top = y + (grid.boxRows - lines) / 2
            buffer.draw(image, symbols: symbols, row: top, column: left, lines: visible.clamped(to: y..<(y + grid.boxRows)))
        }
        // The frame has the photo's own shape, centred where the photo will be, so nothing moves
        // or shrinks when the photo arrives.
        let fitted = photoCells(for: row)
        let boxColumns = max(2, min(width, fitted.columns)), boxLines = max(2, min(grid.boxRows, fitted.rows))
        let left = x + (width - boxColumns) / 2, top = y + (grid.boxRows - boxLines) / 2
        let inner = max(0, boxColumns - 2)
        let frame = selected ? theme.selectedFrame : theme.frame
        let horizontal = String(repeating: glyphs.boxHorizontal, count: inner)
        var drawsFrame = if case .ready = photo, !row.hidesContent { false } else { true }
        let loading = if case .loading = photo { true } else { false }
        if loading || row.hidesContent,
            PhotoPlaceholder.draw(
                row, top: top, left: left, columns: boxColumns, rows: boxLines, lines: visible, blocks: !glyphs.isASCII, cache: placeholders,
                into: &buffer)
        {
            // On its way (or hidden): the photo's BlurHash or dominant colour, the photo's exact size.
            drawsFrame = false
        }
        for line in 0..<boxLines where drawsFrame && visible.contains(top + line) {
            if line == 0 {
                buffer.write("\(glyphs.boxTopLeft)\(horizontal)\(glyphs.boxTopRight)", row: top, column: left, style: frame)
            } else if line == boxLines - 1 {
                buffer.write("\(glyphs.boxBottomLeft)\(horizontal)\(glyphs.boxBottomRight)", row: top + line, column: left, style: frame)
            } else {
                buffer.write(String(glyphs.boxVertical), row: top + line, column: left, style: frame)
                buffer.write(String(glyphs.boxVertical), row: top + line, column: left + boxColumns - 1, style: frame)
                if line == (boxLines - 1) / 2 {
                    let failed = if case .failed = photo { true } else { false }
                    let name = row.imageURL.map { TextLayout.sanitized($0.lastPathComponent) }
                    let label = failed ? "\(glyphs.dash) no photo \(glyphs.dash)" : row.hidesContent ? "hidden" : name ?? TextLayout.sanitized(row.caption)
                    let labelWidth = DisplayWidth.of(label)
                    if labelWidth + 2 <= inner {
                        buffer.write(label, row: top + line, column: left + 1 + (inner - labelWidth) / 2, style: theme.label)
                    }
                }
            }
        }
        let heartLine = y + grid.boxRows
        guard visible.contains(heartLine) else { return }
        let heartStyle: Style = switch row.heart {
        case .liked: theme.liked
        case .notLiked: .plain
        case .unknown, .checking: theme.unknown
        }
        let used = buffer.write(glyphs.heart(row.heart.isLiked, checking: row.heart == .checking), row: heartLine, column: x, style: heartStyle, maxColumns: width)
        let likes = LikesText.grouped(row.likeCount) + (mark.map { " \(glyphs.separator) \($0)" } ?? "")
        let count = TextLayout.truncate(likes, width: max(0, width - used - 1), ellipsis: glyphs.ellipsis)
        buffer.write(count, row: heartLine, column: x + used + 1)
        // The selection shows without colour too (NO_COLOR keeps inverse): the heart line is inverted.
        if selected { buffer.restyle(row: heartLine, columns: x..<(x + width)) { $0.inverse = true } }
    }
}
