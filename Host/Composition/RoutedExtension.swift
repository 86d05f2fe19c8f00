import FeatureFlags
import FeedInterface
import PluginInterface
import TerminalUIInterface

/// A follow-up's screen extension as the router hands it to the feed screen: the same in every
/// way, but it tells the router which follow-up opened a screen, so that screen closes when the
/// server switches that follow-up off.
@MainActor
final class RoutedExtension: ScreenExtension {
    let key: FlagKey
    private let base: any ScreenExtension
    private let opened: (FlagKey) -> Void

    init(key: FlagKey, base: any ScreenExtension, opened: @escaping (FlagKey) -> Void) {
        self.key = key
        self.base = base
        self.opened = opened
    }

    func titleSegment(glyphs: Glyphs) -> TitleSegment? { base.titleSegment(glyphs: glyphs) }
    func rowMark(_ row: PostRow, glyphs: Glyphs) -> String? { base.rowMark(row, glyphs: glyphs) }
    var keyHelp: [KeyHelpLine] { base.keyHelp }
    func setVisible(_ visible: Bool) { base.setVisible(visible) }
    func setSuspended(_ suspended: Bool) { base.setSuspended(suspended) }

    func handle(_ key: Key, selected: PostRow?) -> ScreenKeyOutcome {
        let outcome = base.handle(key, selected: selected)
        if case .open = outcome { opened(self.key) }
        return outcome
    }
}
