import TerminalUIInterface

/// The profile grid's geometry for a screen size: 2–4 columns by width, cells of one size (a
/// square photo box, a line for the heart and likes, a blank line), and which grid rows fit.
struct ProfileGrid: Hashable, Sendable {
    /// Posts per grid row.
    let columns: Int
    /// Columns of one cell, its box included.
    let cellWidth: Int
    /// Lines of a cell's photo box.
    let boxRows: Int
    /// Lines of the list area.
    let viewport: Int

    init(size: TerminalSize) {
        columns = size.columns >= 100 ? 4 : size.columns >= 60 ? 3 : 2
        cellWidth = max(6, (size.columns - 1) / columns)
        // A cell is about twice as tall as wide, so a square photo of w columns takes w/2 lines.
        boxRows = min(8, max(3, (cellWidth - 2) / 2))
        viewport = max(1, ProfileGrid.listLines(size).count)
    }

    /// Lines of one cell: the box, the heart line and a blank line.
    var cellHeight: Int { boxRows + 2 }

    /// Grid rows that fit whole in the list area (at least one).
    var visibleGridRows: Int { max(1, viewport / cellHeight) }

    /// The grid row of post number `index`.
    func gridRow(of index: Int) -> Int { index / columns }

    /// The list area's lines: all but the title line and the key bar.
    static func listLines(_ size: TerminalSize) -> Range<Int> {
        let top = size.rows >= 3 ? 1 : 0
        let bottom = size.rows >= 2 ? size.rows - 1 : size.rows
        return top..<max(top, bottom)
    }

    /// The top grid row that keeps grid row `row` in view, moving as little as possible from `top`.
    func top(revealing row: Int, from top: Int) -> Int {
        if row < top { return row }
        if row >= top + visibleGridRows { return row - visibleGridRows + 1 }
        return top
    }
}
