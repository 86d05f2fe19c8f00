import Foundation
import Networking
import Synchronization

/// The app's HTTP client, counting requests and response bytes (the cold start's cost).
final class CountingHTTPClient: HTTPClient {
    /// The counters, shared with the pieces of a stream.
    final class Counts: Sendable {
        private let value = Mutex((requests: 0, bytes: 0))
        func withLock<T>(_ body: (inout (requests: Int, bytes: Int)) -> T) -> T { value.withLock { body(&$0) } }
    }

    private let base: any HTTPClient
    private let counts = Counts()

    init(base: any HTTPClient) {
        self.base = base
    }

    func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        counts.withLock { $0.requests += 1 }
        let response = try await base.send(request)
        counts.withLock { $0.bytes += response.body.count }
        return response
    }

    /// Passed through, so a stream (live-updates) still arrives piece by piece; its bytes count too.
    func stream(_ request: HTTPRequest, receive: @escaping @Sendable (Data) -> Bool) async throws(HTTPError) {
        counts.withLock { $0.requests += 1 }
        let counts = counts
        try await base.stream(request) { piece in
            counts.withLock { $0.bytes += piece.count }
            return receive(piece)
        }
    }

    /// Requests sent and bytes received so far.
    var snapshot: (requests: Int, bytes: Int) { counts.withLock { $0 } }
}
