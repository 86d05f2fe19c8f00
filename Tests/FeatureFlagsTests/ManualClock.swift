import Foundation
import Synchronization

/// A clock the test moves by hand: `sleep` suspends until `advance` passes its deadline (or the
/// sleeping task is cancelled), and `date` follows the same time.
final class ManualClock: Sendable {
    private struct Sleeper {
        let id: Int
        let deadline: Duration
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Duration = .zero
        var sleepers: [Sleeper] = []
        var nextID = 0
        var requested: [Duration] = []
    }

    private let state = Mutex(State())
    /// The date at time zero.
    let origin: Date

    init(origin: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        self.origin = origin
    }

    /// The current date.
    var date: Date {
        let now = state.withLock { $0.now }
        return origin.addingTimeInterval(Double(now.components.seconds) + Double(now.components.attoseconds) / 1e18)
    }

    /// Every duration `sleep` was asked for, in order.
    var requestedSleeps: [Duration] { state.withLock { $0.requested } }

    /// How many tasks are asleep now.
    var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    func sleep(for duration: Duration) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            state.requested.append(duration)
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelled = state.withLock { state -> Bool in
                    if Task.isCancelled { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: state.now + duration, continuation: continuation))
                    return false
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `duration`, waking every sleeper whose deadline has come.
    func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleeper] in
            state.now += duration
            let due = state.sleepers.filter { $0.deadline <= state.now }
            state.sleepers.removeAll { $0.deadline <= state.now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
