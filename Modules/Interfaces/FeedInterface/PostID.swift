/// The server's identifier of a post.
public struct PostID: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The identifier as the server sent it.
    public let rawValue: String

    /// Wraps a server identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Wraps a literal identifier, for tests and fixtures.
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }

    public static func < (lhs: PostID, rhs: PostID) -> Bool { lhs.rawValue < rhs.rawValue }
}
