import FeedInterface
import ImageCodec
import ImagePipeline
import TerminalUI

/// Draws one cell of the profile grid: a photo box of the grid's size (framed in the selection's
/// colour when selected, the photo's file name inside until the photo is drawn), then the heart
/// and the likes (inverted when selected). Only lines inside `visible` are drawn.
struct ProfileCellLayout {
    let grid: ProfileGrid
    let glyphs: Glyphs
    let theme = ProfileScreenTheme.standard

    /// The pixel size to decode `row`'s photo to: the box's pixels, fitted to the photo's shape.
    func photoPixelSize(for row: PostRow) -> PixelSize {
        let box = HalfBlockImage.pixelSize(columns: grid.cellWidth - 1, rows: grid.boxRows)
        let ratio = row.aspectRatio.isFinite && row.aspectRatio > 0 ? min(max(row.aspectRatio, 0.01), 100) : 1
        return box.fitting(aspectOf: PixelSize(width: 10_000, height: max(1, Int(10_000 / ratio))))
    }

    func draw(
        _ row: PostRow, selected: Bool, x: Int, y: Int, visible: Range<Int>, photo: ImageRowState? = nil, mark: String? = nil,
        into buffer: inout ScreenBuffer
    ) {
        let width = grid.cellWidth - 1
        if case .ready(let image) = photo {
            // The photo, centred in its box: two pixels a cell; the box's frame gives way to it.
            let left = x + (width - image.width) / 2
            let top = y + (grid.boxRows - (image.height + 1) / 2) / 2
            buffer.draw(image, row: top, column: left, lines: visible.clamped(to: y..<(y + grid.boxRows)))
        }
        let inner = max(0, width - 2)
        let frame = selected ? theme.selectedFrame : theme.frame
        let horizontal = String(repeating: glyphs.boxHorizontal, count: inner)
        let drawsFrame = if case .ready = photo { false } else { true }
        for line in 0..<grid.boxRows where drawsFrame && visible.contains(y + line) {
            if line == 0 {
                buffer.write("\(glyphs.boxTopLeft)\(horizontal)\(glyphs.boxTopRight)", row: y, column: x, style: frame)
            } else if line == grid.boxRows - 1 {
                buffer.write("\(glyphs.boxBottomLeft)\(horizontal)\(glyphs.boxBottomRight)", row: y + line, column: x, style: frame)
            } else {
                buffer.write(String(glyphs.boxVertical), row: y + line, column: x, style: frame)
                buffer.write(String(glyphs.boxVertical), row: y + line, column: x + width - 1, style: frame)
                if line == (grid.boxRows - 1) / 2 {
                    let failed = if case .failed = photo { true } else { false }
                    let label = failed ? "\(glyphs.dash) no photo \(glyphs.dash)" : TextLayout.sanitized(row.imageURL.lastPathComponent)
                    let labelWidth = DisplayWidth.of(label)
                    if labelWidth + 2 <= inner {
                        buffer.write(label, row: y + line, column: x + 1 + (inner - labelWidth) / 2, style: theme.label)
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
