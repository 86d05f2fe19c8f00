/// What a follow-up did with a key on a screen.
public enum ScreenKeyOutcome: Sendable {
    /// Not its key: the screen goes on looking.
    case ignored
    /// Taken.
    case handled
    /// The screen goes to the top and refreshes (the reader sees the new first page from its top).
    case refreshFromTop
    /// A screen opens over this one (a profile).
    case open(any OverlayScreen)
}

extension ScreenKeyOutcome: Equatable {
    /// Equal cases; two `open` outcomes are equal when they open the same screen.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.ignored, .ignored), (.handled, .handled), (.refreshFromTop, .refreshFromTop): true
        case (.open(let left), .open(let right)): left === right
        default: false
        }
    }
}
