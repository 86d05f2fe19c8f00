import TerminalUIInterface

/// A screen a follow-up opens over the feed (a profile): drawn and given keys while on top.
@MainActor
public protocol OverlayScreen: AnyObject, Sendable {
    /// The screen appeared: loads what it shows.
    func appear()
    /// Applies `key`.
    func press(_ key: Key) -> OverlayKeyResult
    /// The frame at `size`.
    func frame(size: TerminalSize) -> ScreenBuffer
    /// Advances the spinner and the message clock.
    func tick()
    /// Whether ticks change the screen now.
    var isAnimating: Bool { get }
    /// The screen is left for good.
    func leave()
}

/// What an overlay screen did with a key.
public enum OverlayKeyResult: Hashable, Sendable {
    /// Taken.
    case handled
    /// Not a key of the screen.
    case ignored
    /// The reader goes back to the screen below.
    case back
    /// The reader quits the app.
    case quit
}
