import Synchronization

/// The open connection sockets of one running server: admits new ones fairly and lets `stop()`
/// wake them all.
///
/// Fairness: every connection is either *waiting on its client* (idle between requests, or with
/// a request line, headers or body still arriving) or *busy* (its request is being answered).
/// When all slots are taken, the connection that has waited on its client the longest is shut
/// down to make room: a client holding many idle or trickling connections loses its oldest
/// ones, while a client that sends a whole request at once is busy within milliseconds and is
/// never the oldest waiter. Only when every slot is busy is the newcomer refused (503).
final class ConnectionRegistry: Sendable {
    /// What happened to a socket offered to the registry.
    enum Admission: Equatable {
        case admitted
        /// Admitted after shutting down `evicted`, the connection that waited longest.
        case admittedByEvicting(Int32)
        /// Every slot is busy answering a request.
        case full
        /// The server is stopping.
        case stopping
    }

    private struct Slot {
        /// When the connection started waiting on its client; nil while it is busy.
        var waitingSince: ContinuousClock.Instant?
        /// When its last answer was ready, before the client could read it: where the next wait counts from.
        var answeredAt: ContinuousClock.Instant?
        /// Shut down to make room; its thread is ending and it no longer takes a slot.
        var evicted = false
    }

    private struct State {
        var stopping = false
        var open: [Int32: Slot] = [:]
        var live = 0
        var admitted = 0
    }

    private let state = Mutex(State())

    /// Records `fd` as open (waiting for its first request) unless the server is stopping or
    /// every one of `limit` slots is busy; evicts the longest waiter when all slots are taken.
    func admit(_ fd: Int32, limit: Int) -> Admission {
        state.withLock { state in
            if state.stopping { return .stopping }
            var admission = Admission.admitted
            if state.live >= limit {
                let victim = state.open
                    .compactMap { fd, slot in slot.evicted ? nil : slot.waitingSince.map { (fd, $0) } }
                    .min { $0.1 < $1.1 }
                guard let (victimFD, _) = victim else { return .full }
                state.open[victimFD]?.evicted = true
                state.live -= 1
                Socket.shutdownBoth(victimFD)
                admission = .admittedByEvicting(victimFD)
            }
            state.open[fd] = Slot(waitingSince: .now)
            state.live += 1
            state.admitted += 1
            return admission
        }
    }

    /// The connection starts waiting on its client (for a request, or the rest of one); after an
    /// answer the wait counts from when the answer was ready, so the order of waiters is the order
    /// their clients saw answers in, whichever thread gets back to reading first.
    func waiting(_ fd: Int32) {
        state.withLock { state in
            guard var slot = state.open[fd] else { return }
            slot.waitingSince = slot.answeredAt ?? .now
            slot.answeredAt = nil
            state.open[fd] = slot
        }
    }

    /// The connection's answer is ready and about to be sent; it stays busy until `waiting(_:)`.
    func answered(_ fd: Int32) {
        state.withLock { $0.open[fd]?.answeredAt = .now }
    }

    /// The connection's request is complete and being answered; it cannot be evicted.
    func busy(_ fd: Int32) {
        state.withLock { $0.open[fd]?.waitingSince = nil }
    }

    /// Forgets `fd` and closes it; after this the descriptor number may be reused.
    func close(_ fd: Int32) {
        state.withLock { state in
            if let slot = state.open.removeValue(forKey: fd), !slot.evicted { state.live -= 1 }
        }
        Socket.close(fd)
    }

    /// How many connections were admitted in all.
    var admitted: Int {
        state.withLock { $0.admitted }
    }

    /// Whether `stopAll()` was called.
    var isStopping: Bool {
        state.withLock { $0.stopping }
    }

    /// The number of connections waiting on their client (the ones a newcomer may evict).
    var waitingCount: Int {
        state.withLock { state in state.open.values.filter { !$0.evicted && $0.waitingSince != nil }.count }
    }

    /// The number of connections holding a slot (evicted ones that are still closing excluded).
    var count: Int {
        state.withLock { $0.live }
    }

    /// Marks the server as stopping and shuts every open connection down, waking its thread.
    func stopAll() {
        state.withLock { state in
            state.stopping = true
            for fd in state.open.keys { Socket.shutdownBoth(fd) }
        }
    }
}
