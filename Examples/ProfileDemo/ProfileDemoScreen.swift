import Profile
import TerminalApp
import TerminalUIInterface

/// The profile grid alone, as the terminal loop drives it: with no feed behind it, back quits.
@MainActor
final class ProfileDemoScreen: TerminalScreen {
    private let screen: ProfileScreen

    /// The grid over `model`.
    init(model: ProfileViewModel, ascii: Bool) {
        screen = ProfileScreen(model: model, ascii: ascii)
    }

    func start(redraw: @escaping @Sendable () -> Void) { screen.start() }

    func handle(_ key: Key) -> Bool {
        switch screen.handle(key) {
        case .back, .quit: true
        case .handled, .ignored: false
        }
    }

    func frame(size: TerminalSize) -> ScreenBuffer { screen.frame(size: size) }

    func tick() { screen.tick() }

    var isAnimating: Bool { screen.isAnimating }
}
