import PluginInterface
import TerminalUIInterface

/// The profile opens over the feed as an overlay screen.
extension ProfileScreen: OverlayScreen {
    public func appear() { start() }

    public func press(_ key: Key) -> OverlayKeyResult {
        switch handle(key) {
        case .handled: .handled
        case .ignored: .ignored
        case .back: .back
        case .quit: .quit
        }
    }

    public func leave() { model.close() }
}
