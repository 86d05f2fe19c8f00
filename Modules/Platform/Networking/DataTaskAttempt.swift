import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// One send of a request on a `URLSession`. It keeps the body while it streams in and stops at
/// the limit; cancelling the caller, reaching the deadline, an oversized body or a refused
/// redirect cancels the `URLSessionDataTask` and answers at once, without waiting for URLSession.
final class DataTaskAttempt: Sendable {
    /// Why an attempt produced no response.
    enum Failure: Error {
        /// The caller's task was cancelled.
        case cancelled
        /// The attempt's own deadline passed.
        case deadline
        /// URLSession reported a transport error; `afterResponse` when the status line and
        /// headers had arrived.
        case transport(URLError, afterResponse: Bool)
        /// The client refused the answer: a body over the limit, a redirect it does not follow.
        case refused(HTTPError)
        /// Anything else went wrong; the text says what.
        case other(String)
    }

    typealias Outcome = Result<HTTPResponse, Failure>

    private struct State {
        var task: URLSessionDataTask?
        var continuation: CheckedContinuation<Outcome, Never>?
        /// Set once the attempt has been stopped, before or after the task started.
        var stop: Failure?
        var finished = false
        var response: HTTPURLResponse?
        var body = Data()
        var redirects: RedirectGuard
    }

    private let state: Mutex<State>
    private let maxBodyBytes: Int
    private let calls: DispatchQueue

    private init(url: URL, maxBodyBytes: Int, calls: DispatchQueue) {
        self.state = Mutex(State(redirects: RedirectGuard(start: url)))
        self.maxBodyBytes = max(0, maxBodyBytes)
        self.calls = calls
    }

    /// Sends `request` on `session` (whose delegate is `delegate`), allowing it `deadline` and a
    /// body of `maxBodyBytes`; a response with any status succeeds. URLSession is called on
    /// `calls`, never on Swift's cooperative threads (see `URLSessionHTTPClient.calls`).
    static func run(
        _ request: URLRequest, on session: URLSession, delegate: SessionDelegate, calls: DispatchQueue,
        deadline: Duration, maxBodyBytes: Int
    ) async -> Outcome {
        guard let url = request.url else { return .failure(.other("the request has no URL")) }
        let attempt = DataTaskAttempt(url: url, maxBodyBytes: maxBodyBytes, calls: calls)
        let timer = Task {
            do {
                try await Task.sleep(for: deadline)
                attempt.stop(.deadline)
            } catch {
                // The attempt finished first and cancelled the timer.
            }
        }
        defer { timer.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard attempt.wait(with: continuation) else { return }
                calls.async {
                    guard !attempt.isStopped else { return }
                    let task = session.dataTask(with: request)
                    delegate.register(attempt, for: task)
                    if attempt.start(task) {
                        task.resume()
                    } else {
                        delegate.unregister(task)
                        task.cancel()
                    }
                }
            }
        } onCancel: {
            attempt.stop(.cancelled)
        }
    }

    /// Keeps `continuation` for the answer; `false` (and answered) when already stopped.
    private func wait(with continuation: CheckedContinuation<Outcome, Never>) -> Bool {
        let stopped: Failure? = state.withLock { state in
            if let stop = state.stop {
                state.finished = true
                return stop
            }
            state.continuation = continuation
            return nil
        }
        guard let stopped else { return true }
        continuation.resume(returning: .failure(stopped))
        return false
    }

    private var isStopped: Bool { state.withLock { $0.stop != nil || $0.finished } }

    /// Records the task; `false` when the attempt ended meanwhile (the task must not run).
    private func start(_ task: URLSessionDataTask) -> Bool {
        state.withLock { state in
            guard state.stop == nil, !state.finished else { return false }
            state.task = task
            return true
        }
    }

    /// Ends the attempt with `reason` unless it already ended, and cancels its task.
    private func stop(_ reason: Failure) {
        let (task, continuation) = state.withLock { state -> (URLSessionDataTask?, CheckedContinuation<Outcome, Never>?) in
            guard !state.finished, state.stop == nil else { return (nil, nil) }
            state.stop = reason
            state.finished = true
            state.body = Data()
            defer { state.continuation = nil }
            return (state.task, state.continuation)
        }
        // FoundationNetworking's `cancel()` waits for its work queue, and from a delegate callback
        // it can stall the transfer's shutdown: cancel from `calls` instead.
        if let task { calls.async { task.cancel() } }
        continuation?.resume(returning: .failure(reason))
    }

    /// The status line and headers arrived; `false` (and the attempt ends) when the declared
    /// length is over the limit.
    func receive(_ response: URLResponse) -> Bool {
        let http = response as? HTTPURLResponse
        let declared = response.expectedContentLength
        if declared > Int64(maxBodyBytes) {
            stop(.refused(.bodyTooLarge(limit: maxBodyBytes)))
            return false
        }
        state.withLock { state in
            guard !state.finished, state.stop == nil else { return }
            state.response = http
            if declared > 0 { state.body.reserveCapacity(Int(declared)) }
        }
        return true
    }

    /// A piece of the body arrived (after decompression); past the limit the attempt ends.
    func receive(_ data: Data) {
        let overLimit = state.withLock { state -> Bool in
            guard !state.finished, state.stop == nil else { return false }
            guard data.count <= maxBodyBytes - state.body.count else { return true }
            state.body.append(data)
            return false
        }
        if overLimit { stop(.refused(.bodyTooLarge(limit: maxBodyBytes))) }
    }

    /// Decides about the redirect to `request` and answers URLSession through `answer`; a
    /// refused redirect ends the attempt. `answer` is called under the attempt's lock, so it
    /// always reaches FoundationNetworking's work queue before a cancel of this attempt does
    /// (answering a task that was cancelled first crashes FoundationNetworking: "Received
    /// callback for HTTP redirection, but we're not waiting for it"). A stopped attempt, whose
    /// cancel may already be on its way, is not answered at all.
    func redirect(to request: URLRequest, answer: @Sendable (URLRequest?) -> Void) {
        let refusal = state.withLock { state -> HTTPError? in
            guard !state.finished, state.stop == nil else { return nil }
            state.response = nil
            state.body = Data()
            let refusal = state.redirects.check(request.url)
            answer(refusal == nil ? request : nil)
            return refusal
        }
        if let refusal { stop(.refused(refusal)) }
    }

    /// URLSession finished the task.
    func complete(response: URLResponse?, error: (any Error)?) {
        let (continuation, outcome) = state.withLock { state -> (CheckedContinuation<Outcome, Never>?, Outcome?) in
            guard !state.finished, let continuation = state.continuation else { return (nil, nil) }
            state.finished = true
            state.continuation = nil
            let body = state.body
            state.body = Data()
            let outcome = Self.outcome(
                response: state.response ?? (response as? HTTPURLResponse), body: body, error: error,
                hadResponse: state.response != nil)
            return (continuation, outcome)
        }
        if let continuation, let outcome { continuation.resume(returning: outcome) }
    }

    private static func outcome(response: HTTPURLResponse?, body: Data, error: (any Error)?, hadResponse: Bool) -> Outcome {
        if let error {
            if let urlError = error as? URLError { return .failure(.transport(urlError, afterResponse: hadResponse)) }
            return .failure(.other(String(describing: error)))
        }
        guard let response else {
            return .failure(.other("the reply was not an HTTP response"))
        }
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            headers[String(describing: name)] = String(describing: value)
        }
        return .success(HTTPResponse(status: response.statusCode, headers: headers, body: body))
    }
}
