/// How much an event is worth keeping when the queue is full: the lowest are dropped first.
public enum TelemetryPriority: Int, Sendable, Comparable {
    /// Many and cheap (frames, photo loads).
    case low = 0
    /// The metrics.
    case normal = 1
    /// Errors and crashes: dropped only when nothing else is left.
    case essential = 2

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
