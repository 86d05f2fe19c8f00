import Synchronization

/// At most `limit` downloads at once; waiting ones are let in by priority, then in order of
/// arrival. A wait is cancellable, and a waiting download's priority can change.
final class DownloadSlots: Sendable {
    private struct Waiter {
        let id: UInt64
        var priority: ImagePriority
        let order: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var running = 0
        var waiting: [Waiter] = []
        var arrivals: UInt64 = 0
    }

    private let limit: Int
    private let state = Mutex(State())

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Waits for a slot; throws `CancellationError` if the task is cancelled first. Call
    /// `release()` once for every `acquire` that returned.
    func acquire(id: UInt64, priority: ImagePriority) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                state.withLock { state in
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                    } else if state.running < limit {
                        state.running += 1
                        continuation.resume()
                    } else {
                        state.arrivals += 1
                        state.waiting.append(Waiter(id: id, priority: priority, order: state.arrivals, continuation: continuation))
                    }
                }
            }
        } onCancel: {
            state.withLock { state in
                guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return }
                state.waiting.remove(at: index).continuation.resume(throwing: CancellationError())
            }
        }
    }

    /// Gives the slot to the most urgent waiter, or frees it.
    func release() {
        state.withLock { state in
            let next = state.waiting.indices.max { a, b in
                let left = state.waiting[a], right = state.waiting[b]
                return left.priority != right.priority ? left.priority < right.priority : left.order > right.order
            }
            if let next {
                state.waiting.remove(at: next).continuation.resume()
            } else {
                state.running -= 1
            }
        }
    }

    /// Changes the priority of a waiting download (nothing happens to a running one).
    func setPriority(id: UInt64, _ priority: ImagePriority) {
        state.withLock { state in
            if let index = state.waiting.firstIndex(where: { $0.id == id }) { state.waiting[index].priority = priority }
        }
    }

    /// Downloads running and waiting now.
    var usage: (running: Int, waiting: Int) {
        state.withLock { ($0.running, $0.waiting.count) }
    }
}
