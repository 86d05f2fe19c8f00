import Foundation

/// Sends HTTP requests to one server.
public protocol HTTPClient: Sendable {
    /// Sends `request` and returns the 2xx response; any other outcome throws an `HTTPError`.
    /// Cancelling the caller cancels the request.
    func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse
    /// Sends `request` once (no retries) and hands a 2xx body to `receive` piece by piece as it
    /// arrives, until the server ends it or `receive` returns `false`; nothing is kept. Any other
    /// outcome throws an `HTTPError`; cancelling the caller ends the stream.
    func stream(_ request: HTTPRequest, receive: @escaping @Sendable (Data) -> Bool) async throws(HTTPError)
}

extension HTTPClient {
    /// The whole body in one piece (clients that cannot stream, such as fakes).
    public func stream(_ request: HTTPRequest, receive: @escaping @Sendable (Data) -> Bool) async throws(HTTPError) {
        _ = receive(try await send(request).body)
    }

    /// Sends `request` and decodes the body as `T`, off the caller's actor.
    public func send<T: Decodable & Sendable>(_ request: HTTPRequest, decoding type: T.Type) async throws(HTTPError) -> T {
        let response = try await send(request)
        return try await JSONBody.decode(type, from: response.body)
    }
}
