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
                // Resumed only after the lock is let go: a resume takes the task's own lock, which a
                // cancellation holds while its handler waits for this one.
                let answer: Result<Void, any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if state.running < limit {
                        state.running += 1
                        return .success(())
                    }
                    state.arrivals += 1
                    state.waiting.append(Waiter(id: id, priority: priority, order: state.arrivals, continuation: continuation))
                    return nil
                }
                if let answer { continuation.resume(with: answer) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                state.waiting.firstIndex { $0.id == id }.map { state.waiting.remove(at: $0) }
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Gives the slot to the most urgent waiter, or frees it.
    func release() {
        let next: Waiter? = state.withLock { state in
            let next = state.waiting.indices.max { a, b in
                let left = state.waiting[a], right = state.waiting[b]
                return left.priority != right.priority ? left.priority < right.priority : left.order > right.order
            }
            guard let next else {
                state.running -= 1
                return nil
            }
            return state.waiting.remove(at: next)
        }
        next?.continuation.resume()
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
