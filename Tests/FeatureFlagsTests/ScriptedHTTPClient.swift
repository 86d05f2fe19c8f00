import Foundation
import Networking
import Synchronization

/// An `HTTPClient` that answers each request with the next step of a script (the last step
/// repeats), records every request, and counts how many were in flight at once.
final class ScriptedHTTPClient: HTTPClient {
    enum Step: Sendable {
        /// Answers 200 with this body and these headers.
        case reply(String, headers: [String: String] = [:])
        /// Throws this error (`.status(code: 304, …)` is how a real client reports a 304).
        case fail(HTTPError)
        /// Waits until `release()`, then answers with the step given.
        case gated(Gate)
    }

    /// A step the test lets finish when it wants.
    final class Gate: Sendable {
        private let state = Mutex<(released: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))
        let then: HTTPResponse

        init(then body: String) {
            then = HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        }

        func release() {
            let waiter = state.withLock { state in
                state.released = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }

        func wait() async {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state in
                    if state.released { return true }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        }
    }

    private struct State {
        var script: [Step]
        var requests: [HTTPRequest] = []
        var inFlight = 0
        var mostInFlight = 0
    }

    private let state: Mutex<State>

    init(_ script: [Step]) {
        precondition(!script.isEmpty)
        state = Mutex(State(script: script))
    }

    /// Replaces the steps still to come.
    func setScript(_ script: [Step]) {
        state.withLock { $0.script = script }
    }

    var requests: [HTTPRequest] { state.withLock { $0.requests } }
    var mostInFlight: Int { state.withLock { $0.mostInFlight } }

    func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        let step = state.withLock { state -> Step in
            state.requests.append(request)
            state.inFlight += 1
            state.mostInFlight = max(state.mostInFlight, state.inFlight)
            return state.script.count > 1 ? state.script.removeFirst() : state.script[0]
        }
        defer { state.withLock { $0.inFlight -= 1 } }
        switch step {
        case .reply(let body, let headers):
            return HTTPResponse(status: 200, headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a }, body: Data(body.utf8))
        case .fail(let error):
            throw error
        case .gated(let gate):
            await gate.wait()
            return gate.then
        }
    }
}
