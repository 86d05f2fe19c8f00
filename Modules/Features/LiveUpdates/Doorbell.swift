import Synchronization

/// Wakes the one loop that waits on the main actor, rung from any thread. A ring while nobody
/// waits is kept (once), and the next wait returns at once without suspending: a busy stream's
/// frame costs no hop to another thread and back (an `AsyncStream`'s `next()` does).
final class Doorbell: Sendable {
    private struct State {
        var rung = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    /// Wakes the waiter, or the next wait.
    func ring() {
        let waiter = state.withLock { state in
            guard let waiter = state.waiter else {
                state.rung = true
                return nil as CheckedContinuation<Void, Never>?
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Returns once rung since the last wait (at once when it was), or when the task is cancelled.
    @MainActor func wait() async {
        if takeRing() { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let rung = state.withLock { state in
                    if state.rung || Task.isCancelled {
                        state.rung = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if rung { continuation.resume() }
            }
        } onCancel: {
            ring()
        }
    }

    private func takeRing() -> Bool {
        state.withLock { state in
            defer { state.rung = false }
            return state.rung
        }
    }
}
