import Synchronization

/// The open connection sockets of one running server, so `stop()` can wake them all.
final class ConnectionRegistry: Sendable {
    /// What happened to a socket offered to the registry.
    enum Admission {
        case admitted
        /// The server is at its connection limit.
        case full
        /// The server is stopping.
        case stopping
    }

    private struct State {
        var stopping = false
        var open: Set<Int32> = []
    }

    private let state = Mutex(State())

    /// Records `fd` as open unless the server is stopping or already holds `limit` connections.
    func admit(_ fd: Int32, limit: Int) -> Admission {
        state.withLock { state in
            if state.stopping { return .stopping }
            if state.open.count >= limit { return .full }
            state.open.insert(fd)
            return .admitted
        }
    }

    /// Forgets `fd` and closes it; after this the descriptor number may be reused.
    func close(_ fd: Int32) {
        state.withLock { state in
            _ = state.open.remove(fd)
        }
        Socket.close(fd)
    }

    /// Whether `stopAll()` was called.
    var isStopping: Bool {
        state.withLock { $0.stopping }
    }

    /// The number of open connections.
    var count: Int {
        state.withLock { $0.open.count }
    }

    /// Marks the server as stopping and shuts every open connection down, waking its thread.
    func stopAll() {
        state.withLock { state in
            state.stopping = true
            for fd in state.open { Socket.shutdownBoth(fd) }
        }
    }
}
