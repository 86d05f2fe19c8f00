import Dispatch
import Synchronization

/// Runs an action on the main actor one frame after a ring, once however many rings that frame
/// brings. It is a main-queue block, so no task is resumed: a continuation resumes through a
/// global thread and back, two wake-ups of the main thread a frame instead of one.
final class FrameTicker: Sendable {
    private let scheduled = Mutex(false)
    private let frame: DispatchTimeInterval
    private let action: @MainActor @Sendable () -> Void

    /// A ticker running `action` at most once per `frame`.
    init(frame: Duration, action: @escaping @MainActor @Sendable () -> Void) {
        let (seconds, attoseconds) = frame.components
        self.frame = .nanoseconds(Int(max(0, min(seconds, 60)) * 1_000_000_000 + max(0, attoseconds / 1_000_000_000)))
        self.action = action
    }

    /// Runs the action a frame from now, unless it is due already (from any thread).
    func ring() {
        let schedule = scheduled.withLock { scheduled in
            defer { scheduled = true }
            return !scheduled
        }
        guard schedule else { return }
        DispatchQueue.main.asyncAfter(deadline: .now() + frame) { [self] in
            // Cleared first: a ring while the action runs comes after what it takes, and is due next frame.
            scheduled.withLock { $0 = false }
            MainActor.assumeIsolated { action() }
        }
    }
}
