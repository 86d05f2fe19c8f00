import Synchronization

/// A continuation resumed by whichever of several tasks finishes first; the later ones do nothing.
final class ResumeOnce: Sendable {
    private let continuation = Mutex<CheckedContinuation<Bool, Never>?>(nil)

    /// Keeps the continuation the first `resume` resumes.
    func set(_ continuation: CheckedContinuation<Bool, Never>) {
        self.continuation.withLock { $0 = continuation }
    }

    /// Resumes with `value` unless already resumed.
    func resume(_ value: Bool) {
        continuation.withLock { stored in
            stored?.resume(returning: value)
            stored = nil
        }
    }
}
