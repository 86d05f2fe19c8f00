import FeedInterface
import Foundation
import ImageCodec
import ImagePipeline
import PostScreenKit
import TerminalUI
import TerminalUIInterface

/// Lays out one post row for a screen size: `@author` (and who boosted it), the photo area (none
/// for a text post), the heart and likes, the content warning and the caption wrapped by display
/// width, a blank line. A row's height depends on its author line, aspect ratio, caption and
/// whether the reader revealed it only — never on its heart, its likes or the rows around it.
struct FeedRowLayout {
    /// Columns left of the content: the selection mark and a space.
    static let gutter = 2
    /// The most caption lines a row with a photo shows; a longer caption ends in an ellipsis.
    static let maxCaptionLines = 3
    /// The most caption lines a text post shows: the text is all it has.
    static let maxTextLines = 8
    /// The most lines a content warning takes.
    static let maxWarningLines = 2

    let size: TerminalSize
    let glyphs: Glyphs
    let theme: FeedScreenTheme
    /// Half blocks in the cells, or a placement a graphics protocol draws.
    let graphics: GraphicsMode
    /// The block symbols a photo is drawn with in cells.
    let symbols: BlockSymbols
    /// The posts whose content warning or sensitive photo the reader revealed (`v`).
    let revealed: Set<PostID>
    /// The screen's decoded BlurHashes.
    let placeholders: PhotoPlaceholders?

    init(
        size: TerminalSize, glyphs: Glyphs, theme: FeedScreenTheme = .standard, graphics: GraphicsMode = .blocks, symbols: BlockSymbols = .half,
        revealed: Set<PostID> = [], placeholders: PhotoPlaceholders? = nil
    ) {
        self.placeholders = placeholders
        self.size = size
        self.glyphs = glyphs
        self.theme = theme
        self.graphics = graphics
        self.symbols = symbols
        self.revealed = revealed
    }

    /// Columns for the row's content: the width less the gutter and a one-column right margin.
    var contentColumns: Int { max(1, size.columns - Self.gutter - 1) }

    /// The photo area of `row`; `nil` for a text post.
    func photo(for row: PostRow) -> PhotoBox? {
        guard row.hasPhoto else { return nil }
        return PhotoBox(aspectRatio: row.aspectRatio, availableColumns: contentColumns, maxRows: PhotoBox.maxRows(screenRows: size.rows))
    }

    /// Whether `row`'s content warning or sensitive photo still hides something.
    func isHidden(_ row: PostRow) -> Bool { row.hidesContent && !revealed.contains(row.id) }

    /// The lines under the heart: the content warning (with how to reveal it while hidden), then
    /// the caption unless the warning hides it.
    func textLines(for row: PostRow) -> [(text: String, style: Style)] {
        var lines: [(String, Style)] = []
        let hidden = isHidden(row)
        if let warning = row.contentWarning {
            let text = "CW: \(warning)" + (hidden ? " \(glyphs.separator) v shows" : "")
            lines += clipped(TextLayout.wrap(text, width: contentColumns), to: Self.maxWarningLines).map { ($0, theme.warning) }
            if hidden { return lines }
        }
        guard !row.caption.isEmpty else { return lines }
        let most = row.hasPhoto ? Self.maxCaptionLines : Self.maxTextLines
        return lines + clipped(TextLayout.wrap(row.caption, width: contentColumns), to: most).map { ($0, theme.caption) }
    }

    /// `lines` cut to `most`, the last one kept ending in an ellipsis.
    private func clipped(_ lines: [String], to most: Int) -> [String] {
        guard lines.count > most else { return lines }
        var lines = lines
        let last = most - 1
        lines[last] = TextLayout.truncate(lines[last] + " " + lines[last + 1], width: contentColumns, ellipsis: glyphs.ellipsis)
        lines.removeLast(lines.count - most)
        return lines
    }

    /// The row's height in lines.
    func height(of row: PostRow) -> Int {
        1 + (photo(for: row)?.rows ?? 0) + 1 + textLines(for: row).count + 1
    }

    /// Draws the row with its first line at screen line `top` (which may be above the list area),
    /// drawing only lines inside `visible`.
    func draw(
        _ row: PostRow, selected: Bool, top: Int, visible: Range<Int>, photo shown: ImageRowState? = nil, mark: String? = nil,
        now: Date? = nil, into buffer: inout ScreenBuffer
    ) {
        let box = photo(for: row)
        let photoRows = box?.rows ?? 0
        let text = textLines(for: row)
        let height = 1 + photoRows + 1 + text.count + 1
        let left = Self.gutter
        let first = max(0, visible.lowerBound - top)
        let last = min(height, visible.upperBound - top)
        guard first < last else { return }
        if let box { drawPhoto(row, box: box, shown: shown, top: top, visible: visible, into: &buffer) }
        for line in first..<last {
            let y = top + line
            if selected, line < height - 1 {
                buffer.write(glyphs.selection, row: y, column: 0, style: theme.selection, maxColumns: 1)
            }
            switch line {
            case 0:
                // Who posted it, and who boosted it into this feed.
                let boost = row.boostedBy.map { " \(glyphs.separator) boosted by \(TextLayout.sanitized($0))" } ?? ""
                let author = TextLayout.truncate("@" + row.author + boost, width: contentColumns, ellipsis: glyphs.ellipsis)
                buffer.write(author, row: y, column: left, style: selected ? theme.selectedAuthor : theme.author)
            case let line where line <= photoRows:
                continue
            case photoRows + 1:
                let heart = glyphs.heart(row.heart.isLiked, checking: row.heart == .checking)
                let used = buffer.write(heart, row: y, column: left, style: theme.heart(row.heart), maxColumns: contentColumns)
                // The comments and the age, then what follow-ups mark (a like not yet on the server).
                let text = details(of: row, now: now, mark: mark)
                let likes = TextLayout.truncate(text, width: contentColumns - used - 1, ellipsis: glyphs.ellipsis)
                buffer.write(likes, row: y, column: left + used + 1, style: theme.likes)
            case height - 1:
                break
            default:
                let (text, style) = text[line - photoRows - 2]
                buffer.write(text, row: y, column: left, style: style)
            }
        }
    }

    /// The photo area's lines inside `visible`: the photo when it is loaded and not hidden; else
    /// its BlurHash or colour (and, when hidden, how to reveal it); else a frame with its file name.
    private func drawPhoto(_ row: PostRow, box: PhotoBox, shown: ImageRowState?, top: Int, visible: Range<Int>, into buffer: inout ScreenBuffer) {
        let lines = max(visible.lowerBound, top + 1)..<max(max(visible.lowerBound, top + 1), min(visible.upperBound, top + 1 + box.rows))
        guard !lines.isEmpty else { return }
        let hidden = isHidden(row)
        if !hidden, case .ready(let image) = shown {
            if graphics == .blocks {
                // The photo fills its box in block symbols; lines outside the list area are clipped.
                buffer.draw(image, symbols: symbols, row: top + 1, column: Self.gutter, lines: visible)
            } else {
                // The real pixels over the box's cells, only its lines inside the list area.
                let shownLines = (lines.lowerBound - top - 1)..<(lines.upperBound - top - 1)
                buffer.place(GraphicsPlacement(
                    key: "\(row.imageURL?.absoluteString ?? "") \(image.width)x\(image.height)", image: image, row: top + 1,
                    column: Self.gutter, columns: box.columns, rows: box.rows, shown: shownLines))
            }
            return
        }
        let loading = if case .loading = shown { true } else { false }
        // On its way, or hidden: the photo's BlurHash (its dominant colour without one), the photo's exact size.
        if loading || hidden,
            PhotoPlaceholder.draw(
                row, top: top + 1, left: Self.gutter, columns: box.columns, rows: box.rows, lines: lines, blocks: !glyphs.isASCII,
                cache: placeholders, into: &buffer)
        {
            if hidden { drawLabel("sensitive \(glyphs.separator) v shows", in: box, top: top, lines: lines, style: theme.hiddenLabel, into: &buffer) }
            return
        }
        let failed = if case .failed = shown { true } else { false }
        for y in lines { drawPhotoLine(y - top - 1, of: box, row: row, failed: failed, hidden: hidden, y: y, into: &buffer) }
    }

    /// `label` on the box's middle line, when it fits whole with a space either side.
    private func drawLabel(_ label: String, in box: PhotoBox, top: Int, lines: Range<Int>, style: Style, into buffer: inout ScreenBuffer) {
        let y = top + 1 + (box.rows - 1) / 2
        let width = DisplayWidth.of(label)
        guard lines.contains(y), width + 2 <= box.columns - 2 else { return }
        buffer.write(label, row: y, column: Self.gutter + 1 + (box.columns - 2 - width) / 2, style: style)
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
        let box = photo(for: row) ?? PhotoBox(aspectRatio: 1, availableColumns: 4, maxRows: PhotoBox.minimumRows)
        guard graphics != .blocks, let cell else { return symbols.pixelSize(columns: box.columns, rows: box.rows) }
        return PixelSize(width: box.columns * min(max(cell.width, 1), 200), height: box.rows * min(max(cell.height, 1), 400))
    }

    /// One line of the photo area: a frame of exactly the photo's size, its file name in the middle
    /// (or a mark when the photo could not be loaded, or how to reveal a hidden one).
    private func drawPhotoLine(_ line: Int, of photo: PhotoBox, row: PostRow, failed: Bool, hidden: Bool, y: Int, into buffer: inout ScreenBuffer) {
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
                let label = hidden ? "sensitive \(glyphs.separator) v shows"
                    : failed ? "\(glyphs.dash) no photo \(glyphs.dash)" : TextLayout.sanitized(row.imageURL?.lastPathComponent ?? "")
                let width = DisplayWidth.of(label)
                if width + 2 <= inner {
                    buffer.write(label, row: y, column: left + 1 + (inner - width) / 2, style: theme.photoLabel)
                }
            }
        }
    }
}
