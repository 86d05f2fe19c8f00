import FeedInterface
import TerminalUI

/// The list area as a column of items — each post row, then one footer line — and a scroll
/// location in it. Every operation measures only the rows it passes, never the whole list.
struct FeedListGeometry {
    /// A line of the list: item `index` (`rows.count` is the footer), `offset` lines into it.
    struct Location: Hashable, Comparable {
        var index: Int
        var offset: Int

        static func < (lhs: Location, rhs: Location) -> Bool {
            (lhs.index, lhs.offset) < (rhs.index, rhs.offset)
        }
    }

    let rows: [PostRow]
    let layout: FeedRowLayout
    /// Lines in the list area.
    let viewport: Int

    var footerIndex: Int { rows.count }

    func height(_ index: Int) -> Int {
        index < rows.count ? layout.height(of: rows[index]) : 1
    }

    /// The index of `id`, trying `hint` first.
    func index(of id: PostID?, hint: Int) -> Int? {
        guard let id else { return nil }
        if rows.indices.contains(hint), rows[hint].id == id { return hint }
        return rows.firstIndex { $0.id == id }
    }

    /// `location` with its offset inside its item.
    func clamped(_ location: Location) -> Location {
        let index = min(max(0, location.index), footerIndex)
        return Location(index: index, offset: min(max(0, location.offset), height(index) - 1))
    }

    /// The top location that shows the footer on the last line: scrolling never goes further.
    var lastTop: Location {
        location(endingAt: footerIndex)
    }

    /// The top location that puts the end of item `index` on the last line of the list area.
    func location(endingAt index: Int) -> Location {
        var remaining = viewport - height(index)
        if remaining <= 0 { return Location(index: index, offset: -remaining) }
        var current = index
        while current > 0 {
            let above = height(current - 1)
            if above >= remaining { return Location(index: current - 1, offset: above - remaining) }
            remaining -= above
            current -= 1
        }
        return Location(index: 0, offset: 0)
    }

    /// `location` moved down `lines`, never past `lastTop`.
    func down(_ location: Location, by lines: Int) -> Location {
        let limit = lastTop
        guard location < limit else { return location }
        var moved = location
        moved.offset += lines
        while moved.index < footerIndex, moved.offset >= height(moved.index) {
            moved.offset -= height(moved.index)
            moved.index += 1
            if limit <= moved { return limit }
        }
        return min(moved, limit)
    }

    /// `location` moved up `lines`, never above the first line.
    func up(_ location: Location, by lines: Int) -> Location {
        var moved = location
        moved.offset -= lines
        while moved.offset < 0, moved.index > 0 {
            moved.index -= 1
            moved.offset += height(moved.index)
        }
        return moved.offset < 0 ? Location(index: 0, offset: 0) : moved
    }

    /// A screen down from `top`, stopped at a post's author line: the last row starting within a
    /// screen below `top`. Only where no row starts there (a row taller than the list) or at the
    /// end of the feed (the last screen shows the footer) may a top land inside a row.
    func pageDown(from top: Location) -> Location {
        let moved = down(top, by: max(1, viewport))
        guard moved.offset > 0, moved.index < footerIndex else { return moved }
        let start = Location(index: moved.index, offset: 0)
        return start > top ? start : moved
    }

    /// A screen up from `top`, stopped at a post's author line: the first row starting within a
    /// screen above `top`, so nothing above the old top is skipped.
    func pageUp(from top: Location) -> Location {
        let moved = up(top, by: max(1, viewport))
        guard moved.offset > 0 else { return moved }
        let next = Location(index: moved.index + 1, offset: 0)
        return next < top ? next : Location(index: moved.index, offset: 0)
    }

    /// The top location that shows all of item `index` (or its start, when taller than the list),
    /// moving as little as possible from `top`.
    func reveal(_ index: Int, from top: Location) -> Location {
        if index < top.index || (index == top.index && top.offset > 0) {
            return Location(index: index, offset: 0)
        }
        // Far below: no need to measure the rows between.
        if index - top.index > viewport { return fitting(index) }
        var distance = -top.offset
        for between in top.index..<index { distance += height(between) }
        if distance + height(index) <= viewport { return top }
        return fitting(index)
    }

    private func fitting(_ index: Int) -> Location {
        height(index) >= viewport ? Location(index: index, offset: 0) : location(endingAt: index)
    }

    /// The first row that starts inside the list area from `top`, else the row at the top.
    func firstRowStarting(from top: Location) -> Int? {
        guard !rows.isEmpty else { return nil }
        if top.index >= rows.count { return rows.count - 1 }
        if top.offset == 0 { return top.index }
        let next = top.index + 1
        if next < rows.count, height(top.index) - top.offset < viewport { return next }
        return top.index
    }
}
