/// A field a follow-up adds to every headless state line, with its JSON while the follow-up is off,
/// so scripts read the same keys whatever the flags.
public struct HeadlessField: Hashable, Sendable {
    /// The key, e.g. `queued`.
    public let name: String
    /// The JSON value while the follow-up is off, e.g. `0` or `null`.
    public let whenOff: String

    /// Declares a field.
    public init(name: String, whenOff: String) {
        self.name = name
        self.whenOff = whenOff
    }
}
