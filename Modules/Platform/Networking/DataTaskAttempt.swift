import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// One send of a request on a `URLSession`: cancelling the caller or reaching the deadline
/// cancels the `URLSessionDataTask` and answers at once, without waiting for URLSession.
final class DataTaskAttempt: Sendable {
    /// Why an attempt produced no response.
    enum Failure: Error {
        /// The caller's task was cancelled.
        case cancelled
        /// The attempt's own deadline passed.
        case deadline
        /// URLSession reported a transport error.
        case transport(URLError)
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
    }

    private let state = Mutex(State())

    private init() {}

    /// Sends `request` on `session`, allowing it `deadline`; a response with any status succeeds.
    static func run(_ request: URLRequest, on session: URLSession, deadline: Duration) async -> Outcome {
        let attempt = DataTaskAttempt()
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
                let task = session.dataTask(with: request) { data, response, error in
                    attempt.complete(data: data, response: response, error: error)
                }
                attempt.start(task, continuation: continuation)
            }
        } onCancel: {
            attempt.stop(.cancelled)
        }
    }

    private func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<Outcome, Never>) {
        let stopped: Failure? = state.withLock { state in
            if let stop = state.stop {
                state.finished = true
                return stop
            }
            state.task = task
            state.continuation = continuation
            return nil
        }
        if let stopped {
            continuation.resume(returning: .failure(stopped))
        } else {
            task.resume()
        }
    }

    private func stop(_ reason: Failure) {
        let (task, continuation) = state.withLock { state -> (URLSessionDataTask?, CheckedContinuation<Outcome, Never>?) in
            guard !state.finished, state.stop == nil else { return (nil, nil) }
            state.stop = reason
            guard let continuation = state.continuation else { return (nil, nil) }
            state.finished = true
            state.continuation = nil
            return (state.task, continuation)
        }
        task?.cancel()
        continuation?.resume(returning: .failure(reason))
    }

    private func complete(data: Data?, response: URLResponse?, error: (any Error)?) {
        let continuation = state.withLock { state -> CheckedContinuation<Outcome, Never>? in
            guard !state.finished else { return nil }
            state.finished = true
            defer { state.continuation = nil }
            return state.continuation
        }
        guard let continuation else { return }
        continuation.resume(returning: Self.outcome(data: data, response: response, error: error))
    }

    private static func outcome(data: Data?, response: URLResponse?, error: (any Error)?) -> Outcome {
        if let error {
            if let urlError = error as? URLError { return .failure(.transport(urlError)) }
            return .failure(.other(String(describing: error)))
        }
        guard let http = response as? HTTPURLResponse else {
            return .failure(.other("the reply was not an HTTP response"))
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            headers[String(describing: name)] = String(describing: value)
        }
        return .success(HTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data()))
    }
}
