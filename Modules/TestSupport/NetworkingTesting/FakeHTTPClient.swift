import Foundation
import Networking

/// An `HTTPClient` that answers from a script and records every request.
public actor FakeHTTPClient: HTTPClient {
    /// Answers one request with a response or an error.
    public typealias Script = @Sendable (HTTPRequest) throws(HTTPError) -> HTTPResponse

    private let script: Script

    /// Every request sent, in order.
    public private(set) var requests: [HTTPRequest] = []

    /// Creates the client.
    public init(script: @escaping Script) {
        self.script = script
    }

    /// A client that answers every request with `status` and the JSON text `body`.
    public static func json(_ body: String, status: Int = 200) -> FakeHTTPClient {
        FakeHTTPClient { _ throws(HTTPError) in
            guard (200..<300).contains(status) else { throw .status(code: status, message: nil) }
            return HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        }
    }

    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        requests.append(request)
        return try script(request)
    }
}
