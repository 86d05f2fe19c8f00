import FeedInterface
import TerminalUIInterface

/// One drawn frame of the feed screen and what it showed.
public struct FeedScreenFrame: Sendable {
    /// The cells to send to the terminal.
    public let buffer: ScreenBuffer
    /// The position actually drawn: posts that exist, offsets in range, lookups remembered.
    /// Pass it to the next render, so finding the top post stays cheap.
    public let position: FeedScreenPosition
    /// The posts with at least one line on screen, top to bottom.
    public let visibleRows: [PostID]
}
