/// Moves the selection and the scroll position; pure, so every move is testable without a terminal.
enum FeedScreenNavigator {
    typealias Location = FeedListGeometry.Location

    /// The position after `action` (a navigation action) from `position`.
    static func apply(_ action: FeedScreenAction, to position: FeedScreenPosition, in geometry: FeedListGeometry) -> FeedScreenPosition {
        let (resolved, start, current) = FeedScreenRenderer.resolve(position, in: geometry)
        guard var selected = current else { return resolved }
        let count = geometry.rows.count
        var top = start
        switch action {
        case .next:
            if selected + 1 < count {
                selected += 1
                top = geometry.reveal(selected, from: top)
            } else {
                // On the last post, show the footer: "Loading more…", the retry row or the end.
                top = geometry.reveal(geometry.footerIndex, from: top)
            }
        case .previous:
            if selected > 0 {
                selected -= 1
                top = geometry.reveal(selected, from: top)
            } else {
                top = Location(index: 0, offset: 0)
            }
        case .pageDown:
            let moved = geometry.pageDown(from: top)
            if moved == top {
                selected = count - 1
            } else {
                selected = max(selected, geometry.firstRowStarting(from: moved) ?? selected)
            }
            top = moved
        case .pageUp:
            let moved = geometry.pageUp(from: top)
            if moved == top {
                selected = 0
            } else {
                selected = min(selected, geometry.firstRowStarting(from: moved) ?? selected)
            }
            top = moved
        case .first:
            selected = 0
            top = Location(index: 0, offset: 0)
        case .last:
            selected = count - 1
            top = geometry.lastTop
        case .like, .openPhoto, .reveal, .refresh, .retry, .help, .quit:
            return resolved
        }
        return makePosition(top: top, selected: selected, in: geometry)
    }

    /// `position` scrolled as little as needed to show the selected post whole (after a resize).
    static func revealSelection(_ position: FeedScreenPosition, in geometry: FeedListGeometry) -> FeedScreenPosition {
        let (resolved, top, current) = FeedScreenRenderer.resolve(position, in: geometry)
        guard let selected = current else { return resolved }
        return makePosition(top: geometry.reveal(selected, from: top), selected: selected, in: geometry)
    }

    /// A position naming the posts at `top` and `selected`; a top on the footer names the last post.
    static func makePosition(top: Location, selected: Int, in geometry: FeedListGeometry) -> FeedScreenPosition {
        let rows = geometry.rows
        var top = top
        if top.index >= rows.count {
            top = Location(index: rows.count - 1, offset: geometry.height(rows.count - 1) - 1)
        }
        var position = FeedScreenPosition(top: rows[top.index].id, topOffset: top.offset, selected: rows[selected].id)
        position.topIndexHint = top.index
        position.selectedIndexHint = selected
        return position
    }
}
