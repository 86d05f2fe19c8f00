/// When a page was requested, in a post store's own order: a like settled after the stamp wins
/// over what the page says.
public struct PostStamp: Hashable, Comparable, Sendable {
    /// The stamp's place in the store's order.
    public let value: Int

    /// Creates a stamp.
    public init(_ value: Int) { self.value = value }

    public static func < (lhs: PostStamp, rhs: PostStamp) -> Bool { lhs.value < rhs.value }
}
