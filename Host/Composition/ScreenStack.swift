import FeatureFlags
import PluginInterface

/// The way between the feed and the screen a follow-up opens over it, one for both modes (the
/// terminal's overlay screens and headless screens): at most one screen over the feed; while one
/// is open, the feed's extensions hear it is hidden; `back` returns to the feed; a follow-up the
/// server switches off closes the screen it opened.
@MainActor
final class ScreenStack<Screen> {
    /// The screen over the feed, if any.
    private(set) var top: Screen?
    /// The follow-up that opened it.
    private(set) var owner: FlagKey?
    private let extensions: [any ScreenExtension]
    private let appear: (Screen) -> Void
    private let leave: (Screen) -> Void
    private var isShown = true

    /// A stack over the feed whose follow-ups added `extensions`; `appear` and `leave` tell a
    /// screen it is opened or left.
    init(extensions: [any ScreenExtension], appear: @escaping (Screen) -> Void, leave: @escaping (Screen) -> Void) {
        self.extensions = extensions
        self.appear = appear
        self.leave = leave
    }

    /// Opens `screen` over the feed for the follow-up `owner`, leaving the one open, if any.
    func open(_ screen: Screen, owner: FlagKey?) {
        close()
        appear(screen)
        (top, self.owner) = (screen, owner)
        tellVisibility()
    }

    /// Leaves the screen over the feed, if any, for the feed.
    func close() {
        guard let screen = top else { return }
        leave(screen)
        (top, owner) = (nil, nil)
        tellVisibility()
    }

    /// The server switched `key` off: a screen that follow-up opened closes.
    func switchedOff(_ key: FlagKey) {
        if owner == key { close() }
    }

    /// The app is shown (`true`) or behind another app (`false`, headless `hide`).
    func setShown(_ shown: Bool) {
        isShown = shown
        for item in extensions { item.setShown(shown) }
        tellVisibility()
    }

    /// The process was suspended (`true`) or resumed (`false`).
    func setSuspended(_ suspended: Bool) {
        for item in extensions { item.setSuspended(suspended) }
    }

    /// The feed is visible while the app is shown and no screen is over it.
    private func tellVisibility() {
        for item in extensions { item.setVisible(isShown && top == nil) }
    }
}
