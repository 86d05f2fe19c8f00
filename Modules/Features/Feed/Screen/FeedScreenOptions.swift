import Foundation
import TerminalUI

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
    /// Whether Enter opens the selected author's profile (`shared-post-store`), for the help.
    public var opensProfiles = false
    /// Whether `n` takes the new posts a pill shows (`new-posts-pill`), for the help.
    public var takesNewPosts = false

    /// Creates options.
    public init(ascii: Bool = false, tick: Int = 0, showsHelp: Bool = false, now: Date = Date(timeIntervalSinceReferenceDate: 0)) {
        self.ascii = ascii
        self.tick = tick
        self.showsHelp = showsHelp
        self.now = now
    }

    var glyphs: Glyphs { ascii ? .ascii : .unicode }
}
