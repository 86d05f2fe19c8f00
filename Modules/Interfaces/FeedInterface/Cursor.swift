/// The server's opaque bookmark into the feed: sent back untouched, never parsed.
public struct Cursor: Hashable, Sendable, CustomStringConvertible {
    /// The bookmark exactly as the server sent it.
    public let rawValue: String

    /// Wraps a bookmark from the server.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
}
