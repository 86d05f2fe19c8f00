import FeedInterface
import Foundation
import ImageCodec
import ImagePipeline
import TerminalUI
import TerminalUIInterface

/// Lays out one post row for a screen size: `@author`, the photo area, the heart and likes, the
/// caption wrapped by display width, a blank line. A row's height depends on its author line,
/// aspect ratio and caption only — never on its heart, its likes or the rows around it.
struct FeedRowLayout {
    /// Columns left of the content: the selection mark and a space.
    static let gutter = 2
    /// The most caption lines a row shows; a longer caption ends in an ellipsis.
    static let maxCaptionLines = 3

    let size: TerminalSize
    let glyphs: Glyphs
    let theme: FeedScreenTheme
    /// Half blocks in the cells, or a placement a graphics protocol draws.
    let graphics: GraphicsMode
    /// The block symbols a photo is drawn with in cells.
    let symbols: BlockSymbols

    init(size: TerminalSize, glyphs: Glyphs, theme: FeedScreenTheme = .standard, graphics: GraphicsMode = .blocks, symbols: BlockSymbols = .half) {
        self.size = size
        self.glyphs = glyphs
        self.theme = theme
        self.graphics = graphics
        self.symbols = symbols
    }

    /// Columns for the row's content: the width less the gutter and a one-column right margin.
    var contentColumns: Int { max(1, size.columns - Self.gutter - 1) }

    func photo(for row: PostRow) -> PhotoBox {
        PhotoBox(aspectRatio: row.aspectRatio, availableColumns: contentColumns, maxRows: PhotoBox.maxRows(screenRows: size.rows))
    }

    func captionLines(for row: PostRow) -> [String] {
        guard !row.caption.isEmpty else { return [] }
        var lines = TextLayout.wrap(row.caption, width: contentColumns)
        if lines.count > Self.maxCaptionLines {
            let last = Self.maxCaptionLines - 1
            lines[last] = TextLayout.truncate(lines[last] + " " + lines[last + 1], width: contentColumns, ellipsis: glyphs.ellipsis)
            lines.removeLast(lines.count - Self.maxCaptionLines)
        }
        return lines
    }

    /// The row's height in lines.
    func height(of row: PostRow) -> Int {
        1 + photo(for: row).rows + 1 + captionLines(for: row).count + 1
    }

    /// Draws the row with its first line at screen line `top` (which may be above the list area),
    /// drawing only lines inside `visible`.
    func draw(
        _ row: PostRow, selected: Bool, top: Int, visible: Range<Int>, photo shown: ImageRowState? = nil, mark: String? = nil,
        now: Date? = nil, into buffer: inout ScreenBuffer
    ) {
        let photo = photo(for: row)
        let caption = captionLines(for: row)
        let height = 1 + photo.rows + 1 + caption.count + 1
        let left = Self.gutter
        let first = max(0, visible.lowerBound - top)
        let last = min(height, visible.upperBound - top)
        guard first < last else { return }
        if case .ready(let image) = shown {
            if graphics == .blocks {
                // The photo fills its box in block symbols; lines outside the list area are clipped.
                buffer.draw(image, symbols: symbols, row: top + 1, column: Self.gutter, lines: visible)
            } else {
                // The real pixels over the box's cells, only its lines inside the list area.
                // Clamped both ways: a photo wholly above the list (its caption still shown) or below it shows no line.
                let lower = min(max(0, visible.lowerBound - top - 1), photo.rows)
                let shownLines = lower..<max(lower, min(photo.rows, visible.upperBound - top - 1))
                buffer.place(GraphicsPlacement(
                    key: "\(row.imageURL.absoluteString) \(image.width)x\(image.height)", image: image, row: top + 1, column: Self.gutter,
                    columns: photo.columns, rows: photo.rows, shown: shownLines))
            }
        }
        for line in first..<last {
            let y = top + line
            if selected, line < height - 1 {
                buffer.write(glyphs.selection, row: y, column: 0, style: theme.selection, maxColumns: 1)
            }
            switch line {
            case 0:
                let author = TextLayout.truncate("@" + row.author, width: contentColumns, ellipsis: glyphs.ellipsis)
                buffer.write(author, row: y, column: left, style: selected ? theme.selectedAuthor : theme.author)
            case 1...photo.rows:
                if case .ready = shown { continue }
                if case .loading = shown, let colour = row.placeholder {
                    // On its way: the box in the photo's dominant colour, the photo's exact size.
                    let fill = Style(background: .rgb(red: colour.red, green: colour.green, blue: colour.blue))
                    buffer.fill(row: y, columns: left..<(left + photo.columns), style: fill)
                    continue
                }
                let failed = if case .failed = shown { true } else { false }
                drawPhotoLine(line - 1, of: photo, row: row, failed: failed, y: y, into: &buffer)
            case photo.rows + 1:
                let heart = glyphs.heart(row.heart.isLiked, checking: row.heart == .checking)
                let used = buffer.write(heart, row: y, column: left, style: theme.heart(row.heart), maxColumns: contentColumns)
                // The comments and the age, then what follow-ups mark (a like not yet on the server).
                let text = details(of: row, now: now, mark: mark)
                let likes = TextLayout.truncate(text, width: contentColumns - used - 1, ellipsis: glyphs.ellipsis)
                buffer.write(likes, row: y, column: left + used + 1, style: theme.likes)
            case height - 1:
                break
            default:
                buffer.write(caption[line - photo.rows - 2], row: y, column: left, style: theme.caption)
            }
        }
    }

    /// The like line's text after the heart: "412 likes · 12 comments · 2h", then `mark`; a part
    /// the server did not send is left out, and the age only when `now` is known.
    func details(of row: PostRow, now: Date?, mark: String?) -> String {
        let age = now.flatMap { now in row.createdAt.map { AgeText.format($0, now: now) } }
        return [row.likes, row.comments, age, mark].compactMap { $0 }.joined(separator: " \(glyphs.separator) ")
    }

    /// The pixel size to decode the row's photo to: the symbols' pixels a cell of its box, or with a
    /// graphics protocol the box's size in the terminal's pixels (`cell` a cell).
    func photoPixelSize(for row: PostRow, cell: PixelSize? = nil) -> PixelSize {
        let box = photo(for: row)
        guard graphics != .blocks, let cell else { return symbols.pixelSize(columns: box.columns, rows: box.rows) }
        return PixelSize(width: box.columns * min(max(cell.width, 1), 200), height: box.rows * min(max(cell.height, 1), 400))
    }

    /// One line of the photo area: a frame of exactly the photo's size, its file name in the middle
    /// (or a mark when the photo could not be loaded).
    private func drawPhotoLine(_ line: Int, of photo: PhotoBox, row: PostRow, failed: Bool, y: Int, into buffer: inout ScreenBuffer) {
        let left = Self.gutter
        let inner = photo.columns - 2
        let horizontal = String(repeating: glyphs.boxHorizontal, count: inner)
        if line == 0 {
            buffer.write("\(glyphs.boxTopLeft)\(horizontal)\(glyphs.boxTopRight)", row: y, column: left, style: theme.photoFrame)
        } else if line == photo.rows - 1 {
            buffer.write("\(glyphs.boxBottomLeft)\(horizontal)\(glyphs.boxBottomRight)", row: y, column: left, style: theme.photoFrame)
        } else {
            buffer.write(String(glyphs.boxVertical), row: y, column: left, style: theme.photoFrame)
            buffer.write(String(glyphs.boxVertical), row: y, column: left + photo.columns - 1, style: theme.photoFrame)
            if line == (photo.rows - 1) / 2 {
                // The photo's file name, only when it fits whole with a space either side.
                let label = failed ? "\(glyphs.dash) no photo \(glyphs.dash)" : TextLayout.sanitized(row.imageURL.lastPathComponent)
                let width = DisplayWidth.of(label)
                if width + 2 <= inner {
                    buffer.write(label, row: y, column: left + 1 + (inner - width) / 2, style: theme.photoLabel)
                }
            }
        }
    }
}
