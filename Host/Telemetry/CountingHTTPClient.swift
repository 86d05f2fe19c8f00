import Networking
import Synchronization

/// The app's HTTP client, counting requests and response bytes (the cold start's cost).
final class CountingHTTPClient: HTTPClient {
    private let base: any HTTPClient
    private let counts = Mutex((requests: 0, bytes: 0))

    init(base: any HTTPClient) {
        self.base = base
    }

    func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        counts.withLock { $0.requests += 1 }
        let response = try await base.send(request)
        counts.withLock { $0.bytes += response.body.count }
        return response
    }

    /// Requests sent and bytes received so far.
    var snapshot: (requests: Int, bytes: Int) { counts.withLock { $0 } }
}
