/// The name of a feature flag, e.g. `offline-pages`.
public struct FlagKey: Hashable, Comparable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The key as written on the command line, in `FEED_FLAGS` and in JSON.
    public let rawValue: String

    /// Creates a key from its written form.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a key from a string literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The key as written.
    public var description: String { rawValue }

    /// Orders keys alphabetically.
    public static func < (lhs: FlagKey, rhs: FlagKey) -> Bool { lhs.rawValue < rhs.rawValue }
}
