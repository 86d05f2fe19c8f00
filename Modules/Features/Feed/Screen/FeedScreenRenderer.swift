import Foundation
import FeedInterface
import ImagePipeline
import PluginInterface
import TerminalUI
import TerminalUIInterface

/// Draws the feed screen: a pure function of the view state, the size, the scroll position and
/// the options. It lays out only the rows on screen, so a frame costs the same with 100 rows
/// loaded or 10,000.
///
/// The screen: a title line that also shows the latest message, the list area (rows, then a
/// footer line: "Loading more…", the retry row, or the end of the feed), and the key bar.
public enum FeedScreenRenderer {
    /// Renders one frame; `photos` says what each row's photo box shows, `marks` what follow-ups
    /// mark on a row's like line.
    public static func render(
        state: FeedViewState,
        size: TerminalSize,
        position: FeedScreenPosition = .start,
        options: FeedScreenOptions = FeedScreenOptions(),
        photos: (PostID) -> ImageRowState? = { _ in nil },
        marks: (PostRow) -> String? = { _ in nil }
    ) -> FeedScreenFrame {
        render(
            state: state, size: size, position: position, options: options, interactive: true, layoutRows: size.rows, photos: photos,
            marks: marks)
    }

    /// The whole feed as plain text `columns` wide: the title, every row, the footer and the
    /// message, with no selection, no key bar and no escape sequences — one frame for a pipe.
    public static func plainText(
        state: FeedViewState, columns: Int, ascii: Bool = false, now: Date = Date(), titleSegments: [TitleSegment] = [],
        marks: (PostRow) -> String? = { _ in nil }
    ) -> String {
        var options = FeedScreenOptions(ascii: ascii, now: now)
        options.titleSegments = titleSegments
        // Rows are laid out as on a 24-line terminal, however tall the text grows.
        let layoutRows = 24
        let geometry = geometry(rows: state.rows, size: TerminalSize(columns: columns, rows: layoutRows), options: options)
        var lines = 3
        switch state.initialLoad {
        case .loaded:
            lines += state.rows.indices.reduce(1) { $0 + geometry.height($1) }
        case .loading, .failed:
            lines += 4
        }
        // The key bar's line is dropped.
        let size = TerminalSize(columns: columns, rows: lines)
        let frame = render(
            state: state, size: size, position: .start, options: options, interactive: false, layoutRows: layoutRows, marks: marks)
        var text = (0..<size.rows - 1).map(frame.buffer.text(row:))
        while text.last?.isEmpty == true { text.removeLast() }
        return text.joined(separator: "\n")
    }

    static func render(
        state: FeedViewState,
        size: TerminalSize,
        position: FeedScreenPosition,
        options: FeedScreenOptions,
        interactive: Bool,
        layoutRows: Int,
        photos: (PostID) -> ImageRowState? = { _ in nil },
        marks: (PostRow) -> String? = { _ in nil }
    ) -> FeedScreenFrame {
        var context = Context(state: state, size: size, options: options, interactive: interactive, layoutRows: layoutRows)
        var buffer = ScreenBuffer(size: size)
        var resolved = position
        var visible: [PostID] = []
        if options.showsHelp {
            context.drawHelp(into: &buffer)
        } else {
            switch state.initialLoad {
            case .loading:
                context.drawCentered(["\(context.glyphs.spinner(options.tick)) Loading the feed\(context.glyphs.ellipsis)"], style: context.theme.footer, into: &buffer)
            case .failed(let error):
                let hint = interactive ? "r to retry \(context.glyphs.separator) q to quit" : "Run again once the server is up, or pass --server URL."
                let message = state.message.flatMap { if case .savedFeedTooOld = $0 { $0 } else { nil } } ?? .firstPageFailed(error)
                let lines = TextLayout.wrap(message.text, width: max(1, size.columns - 4)) + ["", hint]
                context.drawCentered(lines, style: context.theme.failure, into: &buffer)
            case .loaded:
                (resolved, visible) = context.drawList(position, photos: photos, marks: marks, into: &buffer)
            }
        }
        context.drawHeader(selected: resolved, into: &buffer)
        if interactive { context.drawKeyBar(selected: resolved, into: &buffer) }
        return FeedScreenFrame(buffer: buffer, position: resolved, visibleRows: visible)
    }

    /// The list area's lines on a screen `size` tall: all but the title line and the key bar.
    static func listLines(_ size: TerminalSize) -> Range<Int> {
        let top = size.rows >= 3 ? 1 : 0
        let bottom = size.rows >= 2 ? size.rows - 1 : size.rows
        return top..<bottom
    }

    /// The geometry of the list area for `rows` on a screen of `size`.
    static func geometry(rows: [PostRow], size: TerminalSize, options: FeedScreenOptions, viewport: Int? = nil) -> FeedListGeometry {
        FeedListGeometry(
            rows: rows, layout: FeedRowLayout(
                size: size, glyphs: options.glyphs, theme: FeedScreenTheme(background: options.background), graphics: options.graphics,
                symbols: options.symbols, revealed: options.revealed, placeholders: options.placeholders), viewport: viewport ?? listLines(size).count)
    }

    /// `position` resolved against the rows: IDs that exist (else the first post), offsets in
    /// range, and the selection on screen's first row when it names no post.
    static func resolve(_ position: FeedScreenPosition, in geometry: FeedListGeometry) -> (FeedScreenPosition, FeedListGeometry.Location, selected: Int?) {
        var resolved = position
        let rows = geometry.rows
        guard !rows.isEmpty else {
            return (FeedScreenPosition(), FeedListGeometry.Location(index: 0, offset: 0), nil)
        }
        var top = FeedListGeometry.Location(index: 0, offset: 0)
        let selectedIndex = geometry.index(of: position.selected, hint: position.selectedIndexHint)
        if let index = geometry.index(of: position.top, hint: position.topIndexHint) {
            top = geometry.clamped(FeedListGeometry.Location(index: index, offset: position.topOffset))
        } else if let selectedIndex {
            // The top post is gone (a refresh replaced the rows) but the selected one is still
            // here: keep it in view at the top rather than jumping to the first row.
            top = geometry.clamped(FeedListGeometry.Location(index: selectedIndex, offset: 0))
        }
        let selected = selectedIndex ?? geometry.firstRowStarting(from: top) ?? 0
        resolved.top = rows[top.index].id
        resolved.topOffset = top.offset
        resolved.topIndexHint = top.index
        resolved.selected = rows[selected].id
        resolved.selectedIndexHint = selected
        return (resolved, top, selected)
    }

    /// What every drawing step shares.
    struct Context {
        let state: FeedViewState
        let size: TerminalSize
        let options: FeedScreenOptions
        let glyphs: Glyphs
        let theme: FeedScreenTheme
        let list: Range<Int>
        let interactive: Bool
        let layoutRows: Int

        init(state: FeedViewState, size: TerminalSize, options: FeedScreenOptions, interactive: Bool, layoutRows: Int) {
            self.interactive = interactive
            self.layoutRows = layoutRows
            self.state = state
            self.size = size
            self.options = options
            glyphs = options.glyphs
            theme = FeedScreenTheme(background: options.background)
            list = FeedScreenRenderer.listLines(size)
        }

        mutating func drawList(
            _ position: FeedScreenPosition, photos: (PostID) -> ImageRowState?, marks: (PostRow) -> String?, into buffer: inout ScreenBuffer
        ) -> (FeedScreenPosition, [PostID]) {
            let layoutSize = TerminalSize(columns: size.columns, rows: layoutRows)
            let geometry = FeedScreenRenderer.geometry(rows: state.rows, size: layoutSize, options: options, viewport: list.count)
            let (resolved, top, selected) = FeedScreenRenderer.resolve(position, in: geometry)
            var visible: [PostID] = []
            var y = list.lowerBound - top.offset
            var index = top.index
            while y < list.upperBound, index <= geometry.footerIndex {
                if index < state.rows.count {
                    let row = state.rows[index]
                    let height = geometry.layout.height(of: row)
                    geometry.layout.draw(
                        row, selected: interactive && index == selected, top: y, visible: list, photo: photos(row.id), mark: marks(row),
                        now: options.now, into: &buffer)
                    visible.append(row.id)
                    y += height
                } else {
                    drawFooter(at: y, into: &buffer)
                    y += 1
                }
                index += 1
            }
            return (resolved, visible)
        }

        func drawFooter(at y: Int, into buffer: inout ScreenBuffer) {
            guard list.contains(y) else { return }
            let text: String
            let style: Style
            switch state.pagination {
            case .idle:
                return
            case .loading:
                text = "\(glyphs.spinner(options.tick)) Loading more\(glyphs.ellipsis)"
                style = theme.footer
            case .failed:
                text = "Couldn't load more \(glyphs.dash) R to retry"
                style = theme.retry
            case .end:
                text = state.rows.isEmpty
                    ? "No posts yet \(glyphs.dash) r to refresh"
                    : "\(glyphs.dash) You're all caught up \(glyphs.dash)"
                style = theme.footer
            }
            let width = size.columns - FeedRowLayout.gutter - 1
            buffer.write(TextLayout.truncate(text, width: width, ellipsis: glyphs.ellipsis), row: y, column: FeedRowLayout.gutter, style: style)
        }

        func drawCentered(_ lines: [String], style: Style, into buffer: inout ScreenBuffer) {
            guard !list.isEmpty else { return }
            let first = list.lowerBound + max(0, (list.count - lines.count) / 2)
            for (offset, line) in lines.enumerated() where first + offset < list.upperBound {
                let text = TextLayout.truncate(line, width: max(1, size.columns - 2), ellipsis: glyphs.ellipsis)
                let column = max(0, (size.columns - DisplayWidth.of(text)) / 2)
                buffer.write(text, row: first + offset, column: column, style: style)
            }
        }

        func drawHelp(into buffer: inout ScreenBuffer) {
            guard !list.isEmpty else { return }
            let all = FeedKeyHelp.all(extra: options.extraKeys)
            let keyWidth = all.map { DisplayWidth.of($0.keys) }.max() ?? 0
            var y = list.lowerBound
            if list.count > all.count + 1 {
                buffer.write("Keys", row: y, column: 2, style: theme.helpTitle)
                y += 1
            }
            // When not every key fits, the last line still says how to quit.
            var entries = all
            let room = list.upperBound - y
            if entries.count > room, room > 0, let quit = entries.last {
                entries = Array(entries.prefix(room - 1)) + [quit]
            }
            for entry in entries where y < list.upperBound {
                buffer.write(entry.keys, row: y, column: 2, style: theme.helpKey)
                let action = TextLayout.truncate(entry.action, width: max(0, size.columns - keyWidth - 6), ellipsis: glyphs.ellipsis)
                buffer.write(action, row: y, column: 4 + keyWidth, style: .plain)
                y += 1
            }
        }

        /// The title, then the message (a failed like or page, until it clears itself), then the
        /// status on the right: the selected post's number, or "Refreshing…".
        func drawHeader(selected position: FeedScreenPosition, into buffer: inout ScreenBuffer) {
            guard size.rows >= 3 else { return }
            let title = buffer.write("Feed", row: 0, column: 1, style: theme.title)
            let status: String
            if state.isRefreshing {
                status = "\(glyphs.spinner(options.tick)) Refreshing\(glyphs.ellipsis)"
            } else if interactive, state.initialLoad == .loaded, !state.rows.isEmpty, !options.showsHelp {
                status = "\(position.selectedIndexHint + 1)/\(state.rows.count)"
            } else {
                status = ""
            }
            var right = size.columns - 1
            if !status.isEmpty, size.columns - title - 3 > 0 {
                let text = TextLayout.truncate(status, width: size.columns - title - 3, ellipsis: glyphs.ellipsis)
                right -= DisplayWidth.of(text)
                buffer.write(text, row: 0, column: right, style: theme.status)
            }
            let start = 1 + title + 2
            if let message = shownMessage, state.initialLoad == .loaded, right - 1 - start > 2 {
                // A long message ends at a word with an ellipsis, never half a word.
                let text = " " + TextLayout.truncateAtWord(message.text, width: right - 1 - start - 2, ellipsis: glyphs.ellipsis) + " "
                // "Feed started over" is news, not a failure.
                buffer.write(text, row: 0, column: start, style: message.isNews ? theme.callout : theme.message)
            } else if let callout = options.titleSegments.first(where: { $0.kind == .callout }), state.initialLoad == .loaded,
                right - 1 - start > 2
            {
                // A follow-up's callout stands alone, highlighted, over every status.
                let text = " " + callout.text.replacingOccurrences(of: " · ", with: " \(glyphs.separator) ") + " "
                buffer.write(TextLayout.truncate(text, width: right - 1 - start, ellipsis: glyphs.ellipsis), row: 0, column: start, style: theme.callout)
            } else if let status = statusText, right - 1 - start > 2 {
                if case .offline = state.banner, right - 1 - start > 4 {
                    // Offline stands out without colour too: reverse video, bold.
                    let text = " " + TextLayout.truncateAtWord(status, width: right - 1 - start - 2, ellipsis: glyphs.ellipsis) + " "
                    buffer.write(text, row: 0, column: start, style: theme.offline)
                } else {
                    let text = TextLayout.truncateAtWord(status, width: right - 1 - start, ellipsis: glyphs.ellipsis)
                    buffer.write(text, row: 0, column: start, style: theme.status)
                }
            }
        }

        /// The message the title shows. One plain frame says "Offline · Updated …" over saved rows
        /// rather than the refresh's error: the rows' age is what a reader of it needs.
        var shownMessage: FeedMessage? {
            if !interactive, case .offline = state.banner, case .refreshFailed = state.message { return nil }
            return state.message
        }

        /// The statuses of the title line, joined: the saved rows' age (and whether the network
        /// failed), then what follow-ups say; `nil` when there is none.
        var statusText: String? {
            let parts = [state.banner?.text(now: options.now)] + options.titleSegments.filter { $0.kind == .status }.map(\.text)
            let said = parts.compactMap { $0 }
            guard !said.isEmpty else { return nil }
            return said.joined(separator: " · ").replacingOccurrences(of: " · ", with: " \(glyphs.separator) ")
        }
    }
}
