/// Callers waiting for a view model to become idle, each with a deadline; a cancelled caller
/// stops waiting at once.
@MainActor
public final class IdleWaiters {
    private var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    private var counter = 0

    /// Nobody waits yet.
    public init() {}

    /// Waits until `resumeAll()` or `timeout`; returns whether it was resumed as idle.
    public func wait(timeout: Duration) async -> Bool {
        counter += 1
        let key = counter
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            self?.resume(key, idle: false)
        }
        defer { timer.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(returning: false)
                } else {
                    waiters[key] = continuation
                }
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.resume(key, idle: false) }
        }
    }

    /// Resumes every waiter as idle.
    public func resumeAll() {
        let waiting = waiters
        waiters.removeAll()
        for waiter in waiting.values { waiter.resume(returning: true) }
    }

    private func resume(_ key: Int, idle: Bool) {
        waiters.removeValue(forKey: key)?.resume(returning: idle)
    }
}
