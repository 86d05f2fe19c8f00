import TerminalUIInterface

/// What a key asks the profile screen to do.
enum ProfileScreenAction: Hashable, Sendable {
    case left, right, up, down, first, last
    case like, openPhoto, retry, help, back, quit

    /// The action bound to `key`, if any.
    init?(_ key: Key) {
        switch key {
        case .character("h"), .left: self = .left
        case .character("l"), .right: self = .right
        case .character("k"), .up: self = .up
        case .character("j"), .down: self = .down
        case .character("g"), .home: self = .first
        case .character("G"), .end: self = .last
        case .character(" "): self = .like
        case .character("o"): self = .openPhoto
        case .character("R"): self = .retry
        case .character("?"): self = .help
        case .escape, .backspace, .character("q"): self = .back
        case .interrupt: self = .quit
        default: return nil
        }
    }

    /// Every key and what it does, as the help overlay lists them.
    static let keys: [(keys: String, action: String)] = [
        ("h l  Left Right", "previous / next post"),
        ("k j  Up Down", "the row above / below"),
        ("g G  Home End", "first / last post"),
        ("Space", "like or unlike the selected post"),
        ("R", "retry a page that failed"),
        ("?", "this help; any key closes it"),
        ("Esc  q  Backspace", "back to the feed"),
    ]

    /// The key bar: only the keys that work now (no moving or liking before the grid shows, `R`
    /// only when a page failed, any key closes help).
    static func bar(grid: Bool, failed: Bool, help: Bool) -> [(String, String)] {
        if help { return [("any key", "closes help"), ("Esc", "back")] }
        return (grid ? [("hjkl", "move"), ("Space", "like")] : []) + (failed ? [("R", "retry")] : []) + [("?", "help"), ("Esc", "back")]
    }
}
