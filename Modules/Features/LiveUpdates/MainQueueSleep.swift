import Dispatch
import Synchronization

/// Sleeps on the main queue's timer, for code on the main actor: when it fires, the task goes on
/// with one thread woken. A `Task.sleep` there wakes a global thread first, which then hands the
/// task back to the main one (measured: half the process's CPU per wake-up, `feed-bench n`).
/// Cancelling ends it at once with `CancellationError`.
@MainActor
func mainQueueSleep(for duration: Duration) async throws {
    let wake = Wake()
    try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let (seconds, attoseconds) = duration.components
            let nanoseconds = max(0, min(seconds, 86_400)) * 1_000_000_000 + max(0, attoseconds / 1_000_000_000)
            wake.wait(continuation)
            // A cancelled sleep's timer still fires, and finds nothing to resume.
            DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { wake.resume(throwing: nil) }
        }
    } onCancel: {
        wake.resume(throwing: CancellationError())
    }
}

/// The one continuation of a sleep, resumed once: by its timer, or by a cancel (before or after it waits).
private final class Wake: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Void, any Error>?
        var cancelled = false
    }

    private let state = Mutex(State())

    func wait(_ continuation: CheckedContinuation<Void, any Error>) {
        let cancelled = state.withLock { state in
            if !state.cancelled { state.continuation = continuation }
            return state.cancelled
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
    }

    func resume(throwing error: (any Error)?) {
        let continuation = state.withLock { state in
            if error != nil { state.cancelled = true }
            defer { state.continuation = nil }
            return state.continuation
        }
        guard let continuation else { return }
        if let error {
            continuation.resume(throwing: error)
        } else {
            continuation.resume()
        }
    }
}
