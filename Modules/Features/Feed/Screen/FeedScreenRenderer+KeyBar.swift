import FeedInterface
import TerminalUI
import TerminalUIInterface

/// The key bar: what works where the reader is, fitted to the width.
extension FeedScreenRenderer.Context {
    /// What the key bar offers now, with `position` the selection.
    func keyContext(_ position: FeedScreenPosition) -> FeedKeyHelp.Context {
        if options.showsHelp { return .help }
        switch state.initialLoad {
        case .loading: return .loading
        case .failed: return .failed
        case .loaded:
            let pageFailed = if case .failed = state.pagination { true } else { false }
            let index = position.selectedIndexHint
            let likeable = state.rows.indices.contains(index) && state.rows[index].heart != .unknown
            let hides = state.rows.indices.contains(index) && state.rows[index].hidesContent
            let reveal: FeedKeyHelp.Reveal = !hides ? .none : options.revealed.contains(state.rows[index].id) ? .hide : .show
            return .feed(selection: !state.rows.isEmpty, likeable: likeable, pageFailed: pageFailed, reveal: reveal)
        }
    }

    func drawKeyBar(selected position: FeedScreenPosition, into buffer: inout ScreenBuffer) {
        guard size.rows >= 2 else { return }
        let y = size.rows - 1
        buffer.fill(row: y, columns: 0..<size.columns, style: theme.keyBar)
        let text = FeedKeyHelp.barText(keyContext(position), extra: options.extraKeys, separator: glyphs.separator, columns: size.columns - 2)
        // A tight bar may use the margins too.
        let column = DisplayWidth.of(text) <= size.columns - 2 ? 1 : 0
        let fitted = TextLayout.truncate(text, width: size.columns - column, ellipsis: glyphs.ellipsis)
        buffer.write(fitted, row: y, column: column, style: theme.keyBar)
    }
}
