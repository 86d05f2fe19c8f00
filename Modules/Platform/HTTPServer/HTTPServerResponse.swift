import Foundation

/// A response the server sends back.
public struct HTTPServerResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Headers in order; `Content-Length` and `Connection` are added by the server.
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: Data
    /// A body sent as it is produced (Server-Sent Events): called on the connection's thread after
    /// the head, with no `Content-Length`; the connection closes when it returns.
    public var stream: (@Sendable (HTTPStreamWriter) -> Void)?

    /// Creates a response.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response whose body `produce` writes while the client listens (the connection closes after it).
    public static func streaming(
        _ status: Int, headers: [(name: String, value: String)] = [], produce: @escaping @Sendable (HTTPStreamWriter) -> Void
    ) -> HTTPServerResponse {
        var response = HTTPServerResponse(status: status, headers: headers)
        response.stream = produce
        return response
    }

    /// A JSON response with `body` already encoded.
    public static func json(_ status: Int, _ body: Data, headers: [(name: String, value: String)] = []) -> HTTPServerResponse {
        HTTPServerResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: body)
    }
}
