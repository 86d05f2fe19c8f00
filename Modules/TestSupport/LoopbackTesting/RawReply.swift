/// A response read off a raw socket.
public struct RawReply: Sendable {
    /// The status code.
    public var status: Int
    /// Header names in lower case.
    public var headers: [String: String]
    /// The body (Content-Length bytes).
    public var body: [UInt8]
}
