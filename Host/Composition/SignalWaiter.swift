import Dispatch
import Foundation
import Synchronization

/// Catches SIGINT and SIGTERM from its creation on, so a server can stop cleanly: a signal that
/// comes before `waitForTermination()` is kept, never the default action that kills the process.
final class SignalWaiter: Sendable {
    private struct State {
        var fired = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    /// Starts catching the signals; create it before saying the server is up.
    init() {
        for number in [SIGINT, SIGTERM] {
            // Ignored first, then caught by the source (which installs its own handler): the
            // other order would put SIG_IGN over the source's handler.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.fire() }
            source.resume()
            Retained.keep(source)
        }
    }

    /// Returns at the first SIGINT or SIGTERM since this waiter was created.
    func waitForTermination() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state in
                if state.fired { return true }
                state.waiter = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    private func fire() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.fired else { return nil }
            state.fired = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }
}

/// Keeps the signal sources alive for the life of the process (a process stops once).
private enum Retained {
    private nonisolated(unsafe) static var sources: [any DispatchSourceSignal] = []
    private static let lock = NSLock()

    static func keep(_ source: any DispatchSourceSignal) {
        lock.lock()
        defer { lock.unlock() }
        sources.append(source)
    }
}
