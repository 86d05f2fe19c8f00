/// What the feed screen did with a key.
public enum FeedScreenKeyResult: Hashable, Sendable {
    /// The key did something; draw again.
    case handled
    /// No binding for the key.
    case ignored
    /// The reader asked to quit.
    case quit
}
