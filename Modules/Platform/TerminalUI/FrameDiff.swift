import TerminalUIInterface

/// Turns one frame into the escape sequences that change a terminal showing another frame.
public enum FrameDiff {
    /// `encode(from:to:depth:)` with basic colours (and 24-bit ones as 256) when `colors`, none otherwise.
    public static func encode(from old: ScreenBuffer?, to new: ScreenBuffer, colors: Bool) -> String {
        encode(from: old, to: new, depth: colors ? .palette256 : .none)
    }

    /// The text that updates a terminal showing `old` to show `new`: only cells that differ are
    /// sent. With `old` nil (or another size) the screen is cleared and everything is sent.
    public static func encode(from old: ScreenBuffer?, to new: ScreenBuffer, depth: ColorDepth) -> String {
        var out = ""
        let previous: ScreenBuffer
        if let old, old.size == new.size {
            previous = old
        } else {
            out += ANSI.reset + ANSI.home + ANSI.clearScreen
            previous = ScreenBuffer(size: new.size)
        }
        let columns = new.size.columns
        var cursor: (row: Int, column: Int)? = nil
        var current: Style? = old == nil || old?.size != new.size ? .plain : nil
        for row in 0..<new.size.rows {
            var column = 0
            while column < columns {
                let cell = new[row, column]
                if !changed(previous, new, row: row, column: column) || cell.isContinuation {
                    column += 1
                    continue
                }
                if let at = cursor, at.row == row, at.column == column {
                    // Already there.
                } else {
                    out += ANSI.moveTo(row: row, column: column)
                }
                if current != cell.style {
                    out += ANSI.style(cell.style, depth: depth)
                    current = cell.style
                }
                if cell.width == 2 {
                    // Blank both columns first: a terminal that draws this grapheme one column
                    // wide (some emoji) then leaves no stale character in the second.
                    out += "  " + ANSI.moveTo(row: row, column: column)
                }
                out.append(cell.grapheme)
                column += max(1, cell.width)
                // The cursor is unknown after the last column (terminals differ on the pending
                // wrap) and after any non-ASCII grapheme (terminals differ on its width).
                let predictable = cell.grapheme.unicodeScalars.allSatisfy(\.isASCII)
                cursor = column < columns && predictable ? (row, column) : nil
            }
        }
        if current != .plain, !out.isEmpty { out += ANSI.reset }
        return out
    }

    /// Whether the cell (or, for a wide grapheme, its right half) differs between the frames.
    private static func changed(_ old: ScreenBuffer, _ new: ScreenBuffer, row: Int, column: Int) -> Bool {
        if old[row, column] != new[row, column] { return true }
        if new[row, column].width == 2, column + 1 < new.size.columns {
            return old[row, column + 1] != new[row, column + 1]
        }
        return false
    }
}
