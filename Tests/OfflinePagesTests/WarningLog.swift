import Synchronization

/// Collects the cache's warning lines, from whatever thread says them.
final class WarningLog: Sendable {
    private let lines = Mutex<[String]>([])

    /// The closure to pass as `warn`.
    var sink: @Sendable (String) -> Void { { [self] line in lines.withLock { $0.append(line) } } }

    /// Every line so far.
    var all: [String] { lines.withLock { $0 } }
}
