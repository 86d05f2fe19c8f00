/// Where batches go: the API server, an OpenTelemetry collector, a fake in tests.
public protocol TelemetrySink: Sendable {
    /// A short name for messages, e.g. `server` or `otlp`.
    var name: String { get }
    /// Sends `batch`; returns once the receiver took it, throws when it did not.
    func send(_ batch: TelemetryBatch) async throws
}
