/// A key a follow-up adds to a screen, as the help overlay shows it: "n  take the new posts".
public struct KeyHelpLine: Hashable, Sendable {
    /// The keys, e.g. `Enter  p`.
    public let keys: String
    /// What they do.
    public let action: String

    /// Creates a help line.
    public init(keys: String, action: String) {
        self.keys = keys
        self.action = action
    }
}
