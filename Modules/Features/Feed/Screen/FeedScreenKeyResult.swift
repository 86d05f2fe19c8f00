import PluginInterface

/// What the feed screen did with a key.
public enum FeedScreenKeyResult: Equatable, Sendable {
    /// The key did something; draw again.
    case handled
    /// No binding for the key.
    case ignored
    /// The reader asked to quit.
    case quit
    /// A follow-up opened a screen over the feed (a profile).
    case open(any OverlayScreen)
}

extension FeedScreenKeyResult {
    /// Equal cases; two `open` results are equal when they open the same screen.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.handled, .handled), (.ignored, .ignored), (.quit, .quit): true
        case (.open(let left), .open(let right)): left === right
        default: false
        }
    }
}
