import Synchronization

/// Waiting for work with a deadline that the work cannot stretch.
enum Deadline {
    /// Starts `work` and returns `true` when it finishes within `timeout`, else `false` once
    /// `timeout` has passed; the work goes on either way (it may not be cancellable).
    static func waitAtMost(_ timeout: Duration, for work: @escaping @Sendable () async -> Void) async -> Bool {
        let once = Mutex<CheckedContinuation<Bool, Never>?>(nil)
        let finish: @Sendable (Bool) -> Void = { result in
            once.withLock { $0.take() }?.resume(returning: result)
        }
        return await withCheckedContinuation { continuation in
            once.withLock { $0 = continuation }
            let timer = Task {
                try? await Task.sleep(for: timeout)
                finish(false)
            }
            Task {
                await work()
                finish(true)
                timer.cancel()
            }
        }
    }
}
