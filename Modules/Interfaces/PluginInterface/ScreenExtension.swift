import FeedInterface
import TerminalUIInterface

/// What a follow-up adds to one screen: a title-line segment, marks on rows, keys with their
/// help lines and the screens those keys open; and what it hears of the screen's visibility.
/// Everything has a default that adds nothing.
@MainActor
public protocol ScreenExtension: AnyObject {
    /// Its segment of the title line now, drawn with `glyphs`; read under observation, so a change redraws.
    func titleSegment(glyphs: Glyphs) -> TitleSegment?
    /// A short mark drawn on `row`'s like line, or `nil`.
    func rowMark(_ row: PostRow, glyphs: Glyphs) -> String?
    /// The keys it adds, for the help overlay.
    var keyHelp: [KeyHelpLine] { get }
    /// Applies `key` with `selected` the selected row; `.ignored` when it is not one of its keys.
    func handle(_ key: Key, selected: PostRow?) -> ScreenKeyOutcome
    /// The screen is shown (`true`) or behind another screen or app (`false`).
    func setVisible(_ visible: Bool)
    /// The process was suspended (`true`) or resumed (`false`).
    func setSuspended(_ suspended: Bool)
    /// The app is shown (`true`) or behind another app (`false`), whichever screen is on top.
    func setShown(_ shown: Bool)
}

extension ScreenExtension {
    /// No segment.
    public func titleSegment(glyphs: Glyphs) -> TitleSegment? { nil }
    /// No mark.
    public func rowMark(_ row: PostRow, glyphs: Glyphs) -> String? { nil }
    /// No keys.
    public var keyHelp: [KeyHelpLine] { [] }
    /// Not its key.
    public func handle(_ key: Key, selected: PostRow?) -> ScreenKeyOutcome { .ignored }
    /// Not heard.
    public func setVisible(_ visible: Bool) {}
    /// Not heard.
    public func setSuspended(_ suspended: Bool) {}
    /// Not heard.
    public func setShown(_ shown: Bool) {}
}
