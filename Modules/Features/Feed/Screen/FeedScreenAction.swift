import TerminalUIInterface

/// What a key asks the feed screen to do.
enum FeedScreenAction: Hashable, Sendable {
    case next, previous, pageDown, pageUp, first, last
    case like, openPhoto, reveal, refresh, retry, help, quit

    /// The action bound to `key`, if any.
    init?(_ key: Key) {
        switch key {
        case .character("j"), .down: self = .next
        case .character("k"), .up: self = .previous
        case .character(" "), .pageDown, .control("f"), .control("d"): self = .pageDown
        case .pageUp, .control("b"), .control("u"): self = .pageUp
        case .character("g"), .home: self = .first
        case .character("G"), .end: self = .last
        case .character("l"): self = .like
        case .character("o"): self = .openPhoto
        case .character("v"): self = .reveal
        case .character("r"): self = .refresh
        case .character("R"): self = .retry
        case .character("?"): self = .help
        case .character("q"), .interrupt: self = .quit
        default: return nil
        }
    }

    /// Whether the action only moves the selection or the scroll position.
    var isNavigation: Bool {
        switch self {
        case .next, .previous, .pageDown, .pageUp, .first, .last: true
        default: false
        }
    }
}
