import CCurl
import Synchronization

/// A client's libcurl workers. Each exchange gets a worker of its own, never one that is busy,
/// so one hostile transfer holds one thread and nothing else. Up to `maxIdle` finished workers
/// are kept, with their open connections, for the next exchanges; the rest end.
final class CurlWorkerPool: Sendable {
    private struct State {
        var idle: [CurlWorker] = []
        var busy = 0
        var closed = false
    }

    /// How many idle workers (threads with their connections) are kept.
    let maxIdle: Int
    private let state = Mutex(State())

    /// A pool that keeps at most `maxIdle` idle workers.
    init(maxIdle: Int = 6) {
        self.maxIdle = max(0, maxIdle)
    }

    /// How many exchanges are running or winding down (tests check that aborted ones end).
    var activeTransfers: Int { state.withLock { $0.busy } }

    /// Runs `transfer` on an idle worker or a new one; `completion` gets its result on the
    /// worker's thread once libcurl let go of it.
    func start(_ transfer: CurlTransfer, completion: @escaping @Sendable (CurlTransfer.Result) -> Void) {
        let reused = state.withLock { state -> CurlWorker? in
            state.busy += 1
            return state.idle.popLast()
        }
        guard let worker = reused ?? CurlWorker.start(for: self) else {
            state.withLock { $0.busy -= 1 }
            completion(.failed(CurlError(code: CURLE_FAILED_INIT, message: "libcurl could not start a transfer"), afterResponse: false))
            return
        }
        worker.assign(CurlWorker.Job(transfer: transfer, completion: completion))
    }

    /// A worker finished its exchange: `true` when it is kept idle, `false` when it must end.
    func release(_ worker: CurlWorker) -> Bool {
        state.withLock { state in
            state.busy -= 1
            guard !state.closed, state.idle.count < maxIdle else { return false }
            state.idle.append(worker)
            return true
        }
    }

    /// Ends the idle workers now and the busy ones when they finish (the client is gone).
    func close() {
        let idle = state.withLock { state -> [CurlWorker] in
            state.closed = true
            defer { state.idle = [] }
            return state.idle
        }
        for worker in idle { worker.shutdown() }
    }
}
