/// What the profile screen did with a key.
public enum ProfileScreenKeyResult: Hashable, Sendable {
    /// The key did something; draw again.
    case handled
    /// No binding for the key.
    case ignored
    /// The reader asked to go back to the feed.
    case back
    /// The reader asked to quit (Ctrl-C).
    case quit
}
