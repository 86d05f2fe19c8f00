import Synchronization

/// Stops a decode under way from any thread: the decoder looks between rows and scans and
/// throws `ImageCodecError.cancelled`.
public final class DecodeCancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    /// Creates a flag that is not cancelled.
    public init() {}

    /// Asks the decode to stop.
    public func cancel() { flag.store(true, ordering: .relaxed) }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
