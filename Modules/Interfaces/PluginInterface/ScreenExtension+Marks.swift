import FeedInterface
import TerminalUIInterface

extension Array where Element == any ScreenExtension {
    /// The marks every extension puts on `row`, in order, joined by the glyph set's separator; `nil` when none does.
    @MainActor
    public func rowMark(_ row: PostRow, glyphs: Glyphs) -> String? {
        let marks = compactMap { $0.rowMark(row, glyphs: glyphs) }
        return marks.isEmpty ? nil : marks.joined(separator: " \(glyphs.separator) ")
    }
}
