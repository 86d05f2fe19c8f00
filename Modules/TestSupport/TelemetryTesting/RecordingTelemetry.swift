// The TelemetryTesting module: fakes beside the telemetry contract.
import Synchronization
import TelemetryInterface

/// A recorder that keeps every event it is handed, with its owner, for a test to read.
public final class RecordingTelemetry: TelemetryRecorder {
    private let recorded = Mutex<[(event: TelemetryEvent, owner: String)]>([])

    /// An empty recorder.
    public init() {}

    public func record(_ event: TelemetryEvent, owner: String) {
        recorded.withLock { $0.append((event, owner)) }
    }

    /// Everything recorded so far, in order.
    public var events: [(event: TelemetryEvent, owner: String)] { recorded.withLock { $0 } }

    /// The names recorded so far, in order.
    public var names: [String] { events.map(\.event.name) }

    /// A tracker over this recorder for `owner`.
    public func tracker(owner: String) -> TelemetryTracker { TelemetryTracker(recorder: self, owner: owner) }
}
