import Foundation
import Synchronization

/// A counting semaphore for tasks: `acquire` suspends (holding no thread) until a slot is free,
/// first come first served; `release` hands the slot to the next waiter.
public final class HeavyTestSlots: Sendable {
    /// How many heavy tests run at once: two per core (they mostly wait on their children), four
    /// to eight.
    public static var capacity: Int {
        min(8, max(4, 2 * ProcessInfo.processInfo.activeProcessorCount))
    }

    private struct State {
        var free: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    /// Slots for `capacity` holders at once.
    public init(capacity: Int) {
        state = Mutex(State(free: max(1, capacity)))
    }

    /// Waits for a slot and takes it.
    public func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let granted = state.withLock { state -> Bool in
                guard state.free > 0 else {
                    state.waiters.append(continuation)
                    return false
                }
                state.free -= 1
                return true
            }
            if granted { continuation.resume() }
        }
    }

    /// Gives a slot back: to the longest waiter, else to the pool.
    public func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
