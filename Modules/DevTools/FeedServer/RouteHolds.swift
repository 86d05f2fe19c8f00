import Synchronization

/// Requests held while a test holds their route (`holdLikesReads`, `holdPhotos`): they wait
/// suspended, holding no thread and polling nothing, and all go on the moment the hold is lifted,
/// their client leaves, or `limit` passes.
final class RouteHolds: Sendable {
    /// A route a test can hold.
    enum Route: Sendable, Hashable {
        case likesReads
        case photos
    }

    private struct Waiter {
        let route: Route
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var held: Set<Route>
        var waiters: [Int: Waiter] = [:]
        /// Waits ended (a timeout, a cancel) before they were parked.
        var ended: Set<Int> = []
        var lastID = 0
    }

    private let state: Mutex<State>

    /// Holds `held` from the start.
    init(held: Set<Route>) {
        state = Mutex(State(held: held))
    }

    /// How many requests are parked on a hold.
    var waiting: Int { state.withLock { $0.waiters.count } }

    /// The routes held from now on; requests waiting on the others go on.
    func set(_ held: Set<Route>) {
        let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.held = held
            let going = state.waiters.filter { !held.contains($0.value.route) }
            for id in going.keys { state.waiters[id] = nil }
            return going.values.map(\.continuation)
        }
        for continuation in released { continuation.resume() }
    }

    /// Waits while `route` is held, at most `limit`; `false` when the caller was cancelled (its
    /// client went away).
    func wait(_ route: Route, atMost limit: Duration) async -> Bool {
        let id = state.withLock { state -> Int? in
            guard state.held.contains(route) else { return nil }
            state.lastID &+= 1
            return state.lastID
        }
        guard let id else { return !Task.isCancelled }
        let timer = Task { [self] in
            guard (try? await Task.sleep(for: limit)) != nil else { return }
            end(id)
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let goOn = state.withLock { state -> Bool in
                    if state.ended.remove(id) != nil || !state.held.contains(route) { return true }
                    state.waiters[id] = Waiter(route: route, continuation: continuation)
                    return false
                }
                if goOn { continuation.resume() }
            }
        } onCancel: {
            end(id)
        }
        timer.cancel()
        state.withLock { _ = $0.ended.remove(id) }
        return !Task.isCancelled
    }

    private func end(_ id: Int) {
        let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if let waiter = state.waiters.removeValue(forKey: id) { return waiter.continuation }
            state.ended.insert(id)
            return nil
        }
        continuation?.resume()
    }
}
