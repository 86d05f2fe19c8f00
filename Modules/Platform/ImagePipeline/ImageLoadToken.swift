import Synchronization

/// One asker's hold on a photo load: cancel it when the row no longer shows the photo, raise or
/// lower its priority as the row enters or leaves the screen.
public final class ImageLoadToken: Sendable {
    private let key: ImageKey
    private let askerID: UInt64
    private let coordinator: LoadCoordinator?
    private let cancelled = Mutex(false)

    init(key: ImageKey, askerID: UInt64, coordinator: LoadCoordinator?) {
        self.key = key
        self.askerID = askerID
        self.coordinator = coordinator
    }

    /// Drops this asker; the download stops when no other asker wants the photo. Its completion
    /// is not called afterwards unless it was already running. Calling it again does nothing.
    public func cancel() {
        let first = cancelled.withLock { cancelled in
            defer { cancelled = true }
            return !cancelled
        }
        if first { coordinator?.leave(key, askerID: askerID) }
    }

    /// Changes how soon this asker wants the photo.
    public func setPriority(_ priority: ImagePriority) {
        guard !cancelled.withLock({ $0 }) else { return }
        coordinator?.setPriority(key, askerID: askerID, priority)
    }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { cancelled.withLock { $0 } }
}
