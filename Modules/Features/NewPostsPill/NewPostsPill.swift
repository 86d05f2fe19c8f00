import FeedInterface
import Observation
import PluginInterface
import TerminalUIInterface

/// The pill of one feed screen: "↑ 3 new posts · n" in the title line while newer posts wait above
/// the first row; `n` takes them (a refresh from the top). It never moves a row.
@MainActor @Observable
public final class NewPostsPill: ScreenExtension {
    /// The newer posts and what they were counted from: the first row and the paging session.
    private var known: (count: Int, since: PostID, session: Int)?
    @ObservationIgnored private let screen: any ScreenControl
    @ObservationIgnored private var poller: NewPostsPoller?

    /// The pill of `screen`; it shows what `report` is given until the screen's first row or session changes.
    public init(screen: any ScreenControl) {
        self.screen = screen
    }

    /// How many newer posts the pill shows now; `nil`: no pill.
    public var count: Int? {
        guard let known, known.count > 0, screen.session == known.session, screen.newestShownPost == known.since else { return nil }
        return known.count
    }

    /// `count` posts are newer than `first`.
    public func report(_ count: Int, since first: PostID) {
        known = (count, first, screen.session)
    }

    /// Whether this is the pill of `screen`.
    func isPill(of screen: any ScreenControl) -> Bool { self.screen === screen }

    /// Polls with `poller` from now on.
    func attach(_ poller: NewPostsPoller) {
        self.poller = poller
        poller.start()
    }

    /// Polls at once (the reader came back).
    public func pollNow() { poller?.pollNow() }

    /// Stops polling for good; the pill goes away.
    public func stop() {
        poller?.stop()
        known = nil
    }

    public func titleSegment(glyphs: Glyphs) -> TitleSegment? {
        guard let count else { return nil }
        return TitleSegment("\(glyphs.up) \(count) new post\(count == 1 ? "" : "s") · n", kind: .callout)
    }

    /// In the key bar as `n new posts` only while the pill shows (the key does nothing otherwise).
    public var keyHelp: [KeyHelpLine] {
        [KeyHelpLine(keys: "n", action: "take the new posts the pill shows", bar: count == nil ? nil : "n new posts")]
    }

    public func handle(_ key: Key, selected: PostRow?) -> ScreenKeyOutcome {
        guard key == .character("n"), count != nil else { return .ignored }
        known = nil
        return .refreshFromTop
    }

    public func setVisible(_ visible: Bool) { poller?.setVisible(visible) }

    public func setSuspended(_ suspended: Bool) { poller?.setSuspended(suspended) }
}
