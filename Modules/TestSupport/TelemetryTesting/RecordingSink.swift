import Synchronization
import Telemetry

/// A sink that keeps the batches it is sent, and fails while `failing` is set (as if offline).
public final class RecordingSink: TelemetrySink {
    /// The error it throws while failing.
    public struct Offline: Error {}

    private let state = Mutex<(batches: [TelemetryBatch], failing: Bool, attempts: Int)>(([], false, 0))
    public let name: String

    /// A sink named `name` that accepts everything until told to fail.
    public init(name: String = "recording", failing: Bool = false) {
        self.name = name
        state.withLock { $0.failing = failing }
    }

    public func send(_ batch: TelemetryBatch) async throws {
        try state.withLock { state in
            state.attempts += 1
            if state.failing { throw Offline() }
            state.batches.append(batch)
        }
    }

    /// Whether sends fail.
    public var failing: Bool {
        get { state.withLock { $0.failing } }
        set { state.withLock { $0.failing = newValue } }
    }

    /// The batches taken, in order.
    public var batches: [TelemetryBatch] { state.withLock { $0.batches } }

    /// Every send tried, taken or not.
    public var attempts: Int { state.withLock { $0.attempts } }
}
