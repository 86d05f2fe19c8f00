import Foundation
import Networking

/// An `HTTPClient` that answers every request the same way and records what it was sent.
struct FakeHTTPClient: HTTPClient {
    enum Behavior: Sendable {
        /// Answers 200 with this body.
        case reply(String)
        /// Throws this error.
        case fail(HTTPError)
        /// Never answers; returns only when cancelled, like a server that accepts and stays silent.
        case hang
    }

    let behavior: Behavior
    let log = RequestLog()

    func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        await log.record(request)
        switch behavior {
        case .reply(let body):
            return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        case .fail(let error):
            throw error
        case .hang:
            try? await Task.sleep(for: .seconds(3600))
            throw .cancelled
        }
    }
}

/// The requests a fake client received, in order.
actor RequestLog {
    private(set) var requests: [HTTPRequest] = []

    func record(_ request: HTTPRequest) {
        requests.append(request)
    }
}
