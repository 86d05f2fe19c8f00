import Foundation
import Synchronization

/// One try of a request: its exchanges on the client's libcurl engine, following same-origin
/// redirects (see `RedirectGuard`). Cancelling the caller or reaching the deadline answers at once
/// and aborts the exchange under way; the engine lets go of it by itself (after a cancel it may
/// read the rest of a short answer first, to keep the connection).
final class TransferAttempt: Sendable {
    /// Why an attempt produced no response.
    enum Failure: Error, Equatable {
        /// The caller's task was cancelled.
        case cancelled
        /// The attempt's own deadline passed.
        case deadline
        /// libcurl failed; `afterResponse` when the status line and headers had arrived.
        case transport(CurlError, afterResponse: Bool)
        /// The client refused the answer: a body over the limit, a redirect it does not follow.
        case refused(HTTPError)
    }

    typealias Outcome = Result<HTTPResponse, Failure>

    /// What one exchange gave, or why it was cut short.
    private enum Step {
        case finished(CurlTransfer.Result)
        case stopped(Failure)
    }

    private struct State {
        /// Set once the attempt has been stopped.
        var stop: Failure?
        /// The exchange under way and who waits for it.
        var transfer: CurlTransfer?
        var continuation: CheckedContinuation<Step, Never>?
    }

    private let state = Mutex(State())
    private let engine: CurlEngine
    private let maxBodyBytes: Int
    private let host: String
    private let sink: (@Sendable (UnsafeRawBufferPointer) -> Bool)?

    private init(engine: CurlEngine, maxBodyBytes: Int, host: String, sink: (@Sendable (UnsafeRawBufferPointer) -> Bool)?) {
        self.engine = engine
        self.maxBodyBytes = maxBodyBytes
        self.host = host
        self.sink = sink
    }

    /// Sends `request` on `engine`, allowing it `deadline` and a decoded body of
    /// `maxBodyBytes`; a response with any status (but a redirect to follow) succeeds. With `sink`,
    /// a 2xx body goes there as it arrives and is not kept.
    static func run(
        _ request: CurlRequest, engine: CurlEngine, deadline: Duration, maxBodyBytes: Int, host: String,
        sink: (@Sendable (UnsafeRawBufferPointer) -> Bool)? = nil
    ) async -> Outcome {
        let attempt = TransferAttempt(engine: engine, maxBodyBytes: maxBodyBytes, host: host, sink: sink)
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
            await attempt.follow(request)
        } onCancel: {
            attempt.stop(.cancelled)
        }
    }

    /// Runs `request`, then each redirect the guard allows.
    private func follow(_ request: CurlRequest) async -> Outcome {
        var redirects = RedirectGuard(start: request.url)
        var next = request
        while true {
            switch await exchange(next) {
            case .stopped(let failure):
                return .failure(failure)
            case .finished(.response(let response)):
                return .success(response)
            case .finished(.refused(let error)):
                return .failure(.refused(error))
            case .finished(.failed(let error, let afterResponse)):
                return .failure(.transport(error, afterResponse: afterResponse))
            case .finished(.aborted):
                return .failure(state.withLock { $0.stop } ?? .cancelled)
            case .finished(.redirect(let status, let location)):
                let target = URL(string: location, relativeTo: next.url)?.absoluteURL
                if let refusal = redirects.check(target) { return .failure(.refused(refusal)) }
                guard let target else { return .failure(.refused(.redirectToOtherHost("an address without a host"))) }
                next = next.redirected(to: target, status: status)
            }
        }
    }

    /// One exchange on the engine; answered by the engine, or at once by `stop`.
    private func exchange(_ request: CurlRequest) async -> Step {
        let transfer = CurlTransfer(request, maxBodyBytes: maxBodyBytes, host: host, sink: sink)
        return await withCheckedContinuation { continuation in
            let stopped = state.withLock { state -> Failure? in
                if let stop = state.stop { return stop }
                state.transfer = transfer
                state.continuation = continuation
                return nil
            }
            if let stopped {
                continuation.resume(returning: .stopped(stopped))
                return
            }
            engine.start(transfer) { [self] result in finish(transfer, with: result) }
        }
    }

    private func finish(_ transfer: CurlTransfer, with result: CurlTransfer.Result) {
        let continuation = state.withLock { state -> CheckedContinuation<Step, Never>? in
            guard state.transfer === transfer else { return nil }
            state.transfer = nil
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: .finished(result))
    }

    /// Ends the attempt with `reason` unless it already ended, and aborts its exchange: after a
    /// cancel its connection may be kept, after a deadline (a slow server) it is closed.
    private func stop(_ reason: Failure) {
        let (transfer, continuation) = state.withLock { state -> (CurlTransfer?, CheckedContinuation<Step, Never>?) in
            guard state.stop == nil else { return (nil, nil) }
            state.stop = reason
            defer {
                state.transfer = nil
                state.continuation = nil
            }
            return (state.transfer, state.continuation)
        }
        transfer?.abort(keepingConnection: reason == .cancelled)
        continuation?.resume(returning: .stopped(reason))
    }
}
