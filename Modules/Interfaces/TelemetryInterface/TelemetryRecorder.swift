/// Where tracked events go: the telemetry pipeline, or a fake in tests.
public protocol TelemetryRecorder: Sendable {
    /// Takes `event`, tracked by a module of team `owner`, and returns at once: never blocks, never throws.
    func record(_ event: TelemetryEvent, owner: String)
}
