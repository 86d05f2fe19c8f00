/// The person who posted.
public struct Author: Hashable, Sendable {
    /// The server's identifier of the author.
    public let id: String
    /// The name shown above the photo.
    public let name: String

    /// Creates an author.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
