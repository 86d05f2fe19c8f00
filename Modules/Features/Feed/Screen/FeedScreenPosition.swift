import FeedInterface

/// Where the reader is: the top visible post and how many of its lines are scrolled off, and the
/// selected post. Anchored to IDs, so pages appended below, a refresh that keeps the post, or a
/// heart change never move what the reader is looking at.
public struct FeedScreenPosition: Hashable, Sendable {
    /// The post at the top of the list area; `nil` = the first post.
    public var top: PostID?
    /// Lines of the top post scrolled above the list area.
    public var topOffset: Int
    /// The selected post; `nil` = the top post.
    public var selected: PostID?

    /// Where `top` and `selected` were found last time: checked first, so a frame costs the same
    /// with 100 rows or 10,000.
    var topIndexHint: Int
    var selectedIndexHint: Int

    /// A position anchored to post IDs.
    public init(top: PostID? = nil, topOffset: Int = 0, selected: PostID? = nil) {
        self.top = top
        self.topOffset = topOffset
        self.selected = selected
        topIndexHint = 0
        selectedIndexHint = 0
    }

    /// This position with each post that is no longer shown (`isShown` false) and that `movedTo`
    /// names replaced by the row that took its place, from that row's first line.
    func following(_ movedTo: [PostID: PostID], isShown: (PostID) -> Bool) -> FeedScreenPosition {
        guard !movedTo.isEmpty else { return self }
        var moved = self
        if let top, !isShown(top), let next = movedTo[top] { (moved.top, moved.topOffset) = (next, 0) }
        if let selected, !isShown(selected), let next = movedTo[selected] { moved.selected = next }
        return moved
    }

    /// The top of the feed, first post selected.
    public static let start = FeedScreenPosition()

    /// Positions are equal when they name the same posts and offset; the lookup hints don't count.
    public static func == (lhs: FeedScreenPosition, rhs: FeedScreenPosition) -> Bool {
        lhs.top == rhs.top && lhs.topOffset == rhs.topOffset && lhs.selected == rhs.selected
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(top)
        hasher.combine(topOffset)
        hasher.combine(selected)
    }
}
