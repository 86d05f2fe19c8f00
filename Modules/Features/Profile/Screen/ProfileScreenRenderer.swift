import FeedInterface
import PostScreenKit
import ImagePipeline
import PluginInterface
import TerminalUI
import TerminalUIInterface

/// Draws the profile screen: a pure function of the view state, the author, the size, the
/// selection and the options. Only the grid rows on screen are laid out.
///
/// The screen: a title line (`@name · 12 posts`, the selection's number, or the latest message),
/// the grid of photo boxes with their hearts and likes, a footer line, and the key bar.
enum ProfileScreenRenderer {
    /// What one frame drew.
    struct Frame {
        let buffer: ScreenBuffer
        /// The posts with a cell on screen.
        let visibleRows: [PostID]
    }

    /// How to draw, besides the state.
    struct Options {
        var ascii = false
        /// The block symbols photos are drawn with.
        var symbols = BlockSymbols.half
        /// The background the colours are picked for.
        var background = TerminalBackground.dark
        var tick = 0
        var showsHelp = false
        /// What follow-ups say in the title line, after the title.
        var statuses: [String] = []
        /// The keys follow-ups add, for the help overlay.
        var extraKeys: [KeyHelpLine] = []
        /// The grid was opened at a post still being looked for: it shows loading, not a first
        /// selection that would jump once the post arrives.
        var seeking = false
        /// Lines of the grid row above `top` shown first, its upper part cut off (the grid's end in view).
        var lead = 0
        /// The screen's decoded BlurHashes.
        var placeholders: PhotoPlaceholders?
    }

    static func render(
        state: ProfileViewState, author: Author, size: TerminalSize, selected: Int, top: Int, options: Options,
        photos: (PostID) -> ImageRowState? = { _ in nil }, marks: (PostRow) -> String? = { _ in nil }
    ) -> Frame {
        let glyphs = Glyphs.set(ascii: options.ascii)
        let theme = ProfileScreenTheme(background: options.background)
        let grid = ProfileGrid(size: size)
        let list = ProfileGrid.listLines(size)
        var buffer = ScreenBuffer(size: size)
        var visible: [PostID] = []
        if options.showsHelp {
            drawHelp(list: list, size: size, glyphs: glyphs, extra: options.extraKeys, theme: theme, into: &buffer)
        } else {
            switch state.initialLoad {
            case .loaded where options.seeking, .loading:
                drawCentered(["\(glyphs.spinner(options.tick)) Loading @\(author.name)\(glyphs.ellipsis)"], list: list, size: size, style: theme.footer, glyphs: glyphs, into: &buffer)
            case .failed(let error):
                let lines = TextLayout.wrap(ProfileMessage.firstPageFailed(error).text, width: max(1, size.columns - 4)) + ["", "R to retry \(glyphs.separator) Esc to go back"]
                drawCentered(lines, list: list, size: size, style: theme.failure, glyphs: glyphs, into: &buffer)
            case .loaded:
                visible = drawGrid(
                    state: state, grid: grid, list: list, selected: selected, top: top, glyphs: glyphs, options: options, photos: photos,
                    marks: marks, into: &buffer)
            }
        }
        drawHeader(state: state, author: author, size: size, selected: selected, glyphs: glyphs, options: options, into: &buffer)
        let firstFailed = if case .failed = state.initialLoad { true } else { false }
        let pageFailed = if case .failed = state.pagination { true } else { false }
        let showsGrid = state.initialLoad == .loaded && !state.rows.isEmpty && !options.seeking
        drawKeyBar(
            ProfileScreenAction.bar(grid: showsGrid, failed: firstFailed || pageFailed, help: options.showsHelp), size: size, glyphs: glyphs,
            into: &buffer)
        return Frame(buffer: buffer, visibleRows: visible)
    }

    private static func drawGrid(
        state: ProfileViewState, grid: ProfileGrid, list: Range<Int>, selected: Int, top: Int, glyphs: Glyphs,
        options: Options, photos: (PostID) -> ImageRowState?, marks: (PostRow) -> String?, into buffer: inout ScreenBuffer
    ) -> [PostID] {
        var visible: [PostID] = []
        var y = list.lowerBound
        var gridRow = top
        if options.lead > 0, top > 0 {
            // The grid's end is in view: the row above shows its lower part, so the grid fills the screen.
            gridRow = top - 1
            y = list.lowerBound - (grid.cellHeight - options.lead)
        }
        while y < list.upperBound {
            let first = gridRow * grid.columns
            guard first < state.rows.count else {
                drawFooter(
                    state: state, at: y, columns: buffer.size.columns, glyphs: glyphs, tick: options.tick, theme: ProfileScreenTheme(background: options.background),
                    into: &buffer)
                break
            }
            for index in first..<min(first + grid.columns, state.rows.count) {
                let x = 1 + (index - first) * grid.cellWidth
                let row = state.rows[index]
                ProfileCellLayout(
                    grid: grid, glyphs: glyphs, symbols: options.symbols, theme: ProfileScreenTheme(background: options.background),
                    placeholders: options.placeholders
                ).draw(
                    row, selected: index == selected, x: x, y: y, visible: list, photo: photos(row.id), mark: marks(row), into: &buffer)
                visible.append(state.rows[index].id)
            }
            y += grid.cellHeight
            gridRow += 1
        }
        return visible
    }

    private static func drawFooter(
        state: ProfileViewState, at y: Int, columns: Int, glyphs: Glyphs, tick: Int, theme: ProfileScreenTheme, into buffer: inout ScreenBuffer
    ) {
        let (text, style): (String, Style)
        switch state.pagination {
        case .idle: return
        case .loading: (text, style) = ("\(glyphs.spinner(tick)) Loading more\(glyphs.ellipsis)", theme.footer)
        case .failed: (text, style) = ("Couldn't load more \(glyphs.dash) R to retry", theme.retry)
        case .end: (text, style) = (state.rows.isEmpty ? "No posts yet" : "\(glyphs.dash) That's every post \(glyphs.dash)", theme.footer)
        }
        buffer.write(TextLayout.truncate(text, width: max(1, columns - 2), ellipsis: glyphs.ellipsis), row: y, column: 1, style: style)
    }

    private static func drawCentered(_ lines: [String], list: Range<Int>, size: TerminalSize, style: Style, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        guard !list.isEmpty else { return }
        let first = list.lowerBound + max(0, (list.count - lines.count) / 2)
        for (offset, line) in lines.enumerated() where first + offset < list.upperBound {
            let text = TextLayout.truncate(line, width: max(1, size.columns - 2), ellipsis: glyphs.ellipsis)
            buffer.write(text, row: first + offset, column: max(0, (size.columns - DisplayWidth.of(text)) / 2), style: style)
        }
    }

    private static func drawHelp(
        list: Range<Int>, size: TerminalSize, glyphs: Glyphs, extra: [KeyHelpLine], theme: ProfileScreenTheme, into buffer: inout ScreenBuffer
    ) {
        // The follow-ups' keys go before the last line (how to go back).
        var entries = ProfileScreenAction.keys
        entries.insert(contentsOf: extra.map { ($0.keys, $0.action) }, at: max(0, entries.count - 1))
        let keyWidth = entries.map { DisplayWidth.of($0.keys) }.max() ?? 0
        var y = list.lowerBound
        // When not every key fits, the last line still says how to go back.
        let room = list.count
        let shown = entries.count > room && room > 0 ? Array(entries.prefix(room - 1)) + [entries[entries.count - 1]] : entries
        for entry in shown where y < list.upperBound {
            buffer.write(entry.keys, row: y, column: 2, style: theme.helpKey)
            buffer.write(TextLayout.truncate(entry.action, width: max(0, size.columns - keyWidth - 6), ellipsis: glyphs.ellipsis), row: y, column: 4 + keyWidth)
            y += 1
        }
    }

    private static func drawHeader(
        state: ProfileViewState, author: Author, size: TerminalSize, selected: Int, glyphs: Glyphs, options: Options,
        into buffer: inout ScreenBuffer
    ) {
        guard size.rows >= 3 else { return }
        let theme = ProfileScreenTheme(background: options.background)
        var title = "@" + TextLayout.sanitized(author.name)
        if let count = state.postCount { title += " \(glyphs.separator) \(count) post\(count == 1 ? "" : "s")" }
        for status in options.statuses { title += " \(glyphs.separator) " + status.replacingOccurrences(of: " · ", with: " \(glyphs.separator) ") }
        let status = state.initialLoad == .loaded && !state.rows.isEmpty && !options.showsHelp && !options.seeking
            ? "\(selected + 1)/\(state.rows.count)" : ""
        let right = size.columns - 1 - DisplayWidth.of(status)
        if !status.isEmpty, right > 2 { buffer.write(status, row: 0, column: right, style: theme.status) }
        let room = max(1, right - 2)
        if let message = state.message, state.initialLoad == .loaded {
            buffer.write(" " + TextLayout.truncateAtWord(message.text, width: max(1, room - 2), ellipsis: glyphs.ellipsis) + " ", row: 0, column: 1, style: theme.message)
        } else {
            buffer.write(TextLayout.truncate(title, width: room, ellipsis: glyphs.ellipsis), row: 0, column: 1, style: theme.title)
        }
    }

    private static func drawKeyBar(_ bar: [(String, String)], size: TerminalSize, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        guard size.rows >= 2 else { return }
        let y = size.rows - 1
        let style = ProfileScreenTheme.standard.keyBar
        buffer.fill(row: y, columns: 0..<size.columns, style: style)
        let entries = bar.map { "\($0.0) \($0.1)" }
        let roomy = entries.joined(separator: " \(glyphs.separator) ")
        let text = DisplayWidth.of(roomy) <= size.columns - 2 ? roomy : entries.joined(separator: glyphs.separator)
        buffer.write(TextLayout.truncate(text, width: max(1, size.columns - 1), ellipsis: glyphs.ellipsis), row: y, column: 1, style: style)
    }
}
