/// Sends HTTP requests to one server.
public protocol HTTPClient: Sendable {
    /// Sends `request` and returns the 2xx response; any other outcome throws an `HTTPError`.
    /// Cancelling the caller cancels the request.
    func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse
}

extension HTTPClient {
    /// Sends `request` and decodes the body as `T`, off the caller's actor.
    public func send<T: Decodable & Sendable>(_ request: HTTPRequest, decoding type: T.Type) async throws(HTTPError) -> T {
        let response = try await send(request)
        return try await JSONBody.decode(type, from: response.body)
    }
}
