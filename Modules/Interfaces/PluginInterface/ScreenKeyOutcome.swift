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
