import Foundation

/// A response the server sends back.
public struct HTTPServerResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Headers in order; `Content-Length` and `Connection` are added by the server.
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response with `body` already encoded.
    public static func json(_ status: Int, _ body: Data, headers: [(name: String, value: String)] = []) -> HTTPServerResponse {
        HTTPServerResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: body)
    }
}
