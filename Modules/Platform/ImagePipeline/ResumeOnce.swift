import ImageCodec
import Synchronization

/// Joins a completion-based load to an async caller: resumes the caller exactly once, with the
/// result or with `.cancelled` when the caller's task is cancelled (which also cancels the token).
final class ResumeOnce: Sendable {
    private typealias Continuation = CheckedContinuation<Result<RGBImage, ImageLoadError>, Never>

    private struct State {
        var continuation: Continuation?
        var token: ImageLoadToken?
        /// The result, once known; handed over when the continuation is there.
        var result: Result<RGBImage, ImageLoadError>?
        var resumed = false
        var cancelled = false
    }

    private let state = Mutex(State())

    /// Keeps the caller's continuation; resumes it at once if the result came first.
    func set(_ continuation: CheckedContinuation<Result<RGBImage, ImageLoadError>, Never>) {
        state.withLock { $0.continuation = continuation }
        handOver()
    }

    /// Keeps the token; cancels it at once if the caller was cancelled meanwhile.
    func set(_ token: ImageLoadToken) {
        let cancelNow = state.withLock { state in
            state.token = token
            return state.cancelled
        }
        if cancelNow { token.cancel() }
    }

    /// The load's result (the first one wins).
    func resume(_ result: Result<RGBImage, ImageLoadError>) {
        state.withLock { state in
            if state.result == nil { state.result = result }
        }
        handOver()
    }

    /// The caller was cancelled: drop the load and answer `.cancelled`.
    func cancel() {
        let token = state.withLock { state in
            state.cancelled = true
            return state.token
        }
        token?.cancel()
        resume(.failure(.cancelled))
    }

    private func handOver() {
        let ready: (Continuation, Result<RGBImage, ImageLoadError>)? = state.withLock { state in
            guard !state.resumed, let continuation = state.continuation, let result = state.result else { return nil }
            state.resumed = true
            state.continuation = nil
            return (continuation, result)
        }
        if let (continuation, result) = ready { continuation.resume(returning: result) }
    }
}
