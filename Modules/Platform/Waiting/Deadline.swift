import Synchronization

/// Waiting for work with a deadline the work cannot stretch: whichever ends first, the work or
/// the deadline, answers; the work goes on either way (it may not be cancellable).
public enum Deadline {
    /// Starts `work` and returns `true` when it finishes within `timeout`, else `false` once
    /// `timeout` has passed.
    public static func waitAtMost(_ timeout: Duration, for work: @escaping @Sendable () async -> Void) async -> Bool {
        await value(within: timeout, else: false) {
            await work()
            return true
        }
    }

    /// Starts `work` and returns its value when it finishes within `timeout`, else `fallback`
    /// once `timeout` has passed.
    public static func value<Value: Sendable>(
        within timeout: Duration, else fallback: Value, of work: @escaping @Sendable () async -> Value
    ) async -> Value {
        let once = Mutex<CheckedContinuation<Value, Never>?>(nil)
        let finish: @Sendable (Value) -> Void = { result in
            once.withLock { $0.take() }?.resume(returning: result)
        }
        return await withCheckedContinuation { continuation in
            once.withLock { $0 = continuation }
            let timer = Task {
                try? await Task.sleep(for: timeout)
                finish(fallback)
            }
            Task {
                finish(await work())
                timer.cancel()
            }
        }
    }
}
