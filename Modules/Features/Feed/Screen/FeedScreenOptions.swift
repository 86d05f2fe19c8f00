import FeedInterface
import Foundation
import PluginInterface
import PostScreenKit
import TerminalUI
import TerminalUIInterface

/// How the feed screen draws, besides the view state and the scroll position.
public struct FeedScreenOptions: Hashable, Sendable {
    /// `<3` and `</3` for hearts and ASCII for frames and spinners, instead of Unicode.
    public var ascii: Bool
    /// The spinner's clock tick; injected so a frame is a pure function of its inputs.
    public var tick: Int
    /// The help overlay with every key is open.
    public var showsHelp: Bool
    /// The wall-clock time the banner's age is told against ("Updated 5 minutes ago").
    public var now: Date
    /// The keys follow-ups add, for the help overlay.
    public var extraKeys: [KeyHelpLine] = []
    /// The title-line segments follow-ups add, in the order of the plugin list.
    public var titleSegments: [TitleSegment] = []
    /// How loaded photos are drawn: half blocks in the cells, or placed for a graphics protocol.
    public var graphics: GraphicsMode = .blocks
    /// The block symbols photos are drawn with when `graphics` is `.blocks`.
    public var symbols: BlockSymbols = .half
    /// The background the colours are picked for (`--theme`).
    public var background: TerminalBackground = .dark
    /// The posts whose content warning or sensitive photo the reader revealed (`v`).
    public var revealed: Set<PostID> = []
    /// The screen's decoded BlurHashes (none: each frame decodes them).
    public var placeholders: PhotoPlaceholders?

    /// Creates options.
    public init(ascii: Bool = false, tick: Int = 0, showsHelp: Bool = false, now: Date = Date(timeIntervalSinceReferenceDate: 0)) {
        self.ascii = ascii
        self.tick = tick
        self.showsHelp = showsHelp
        self.now = now
    }

    var glyphs: Glyphs { ascii ? .ascii : .unicode }
}
