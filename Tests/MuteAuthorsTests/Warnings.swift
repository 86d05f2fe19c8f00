import Synchronization

/// The lines a follow-up warned of, kept for a test.
final class Warnings: Sendable {
    private let lines = Mutex<[String]>([])

    /// Every line so far.
    var all: [String] { lines.withLock { $0 } }

    /// The `warn` a follow-up is given.
    var warn: @Sendable (String) -> Void { { [self] line in lines.withLock { $0.append(line) } } }
}
