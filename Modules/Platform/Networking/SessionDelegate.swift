import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The one delegate of a client's URLSession: hands each task's events to its `DataTaskAttempt`,
/// which counts the body while it streams in and decides about redirects.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let attempts = Mutex<[Int: DataTaskAttempt]>([:])

    /// Routes the events of `task` to `attempt` until the task completes.
    func register(_ attempt: DataTaskAttempt, for task: URLSessionTask) {
        attempts.withLock { $0[task.taskIdentifier] = attempt }
    }

    /// Stops routing the events of `task` (one that is cancelled before it ran).
    func unregister(_ task: URLSessionTask) {
        attempts.withLock { _ = $0.removeValue(forKey: task.taskIdentifier) }
    }

    /// How many tasks still have an attempt registered (tests check that finished tasks leave).
    var registeredCount: Int { attempts.withLock { $0.count } }

    private func attempt(for task: URLSessionTask) -> DataTaskAttempt? {
        attempts.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        // FoundationNetworking ignores the disposition (it cannot pause libcurl); the attempt
        // cancels the task itself when the declared length is over the limit.
        let accepted = attempt(for: dataTask)?.receive(response) ?? false
        completionHandler(accepted ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        attempt(for: dataTask)?.receive(data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // No answer for a task without an attempt: it was cancelled (see `DataTaskAttempt.redirect`).
        attempt(for: task)?.redirect(to: request, answer: completionHandler)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let attempt = attempts.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        attempt?.complete(response: task.response, error: error)
    }
}
