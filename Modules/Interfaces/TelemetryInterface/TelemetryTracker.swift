/// What a module is given to track events: a recorder bound to the module's owning team.
public struct TelemetryTracker: Sendable {
    /// The owning team of the module that tracks (a team of `Tools/workspace.json`).
    public let owner: String
    private let recorder: (any TelemetryRecorder)?

    /// Events tracked here are recorded by `recorder` as `owner`'s.
    public init(recorder: any TelemetryRecorder, owner: String) {
        self.recorder = recorder
        self.owner = owner
    }

    private init(owner: String) {
        self.recorder = nil
        self.owner = owner
    }

    /// A tracker that records nothing (telemetry off, demos, tests that do not look).
    public static let none = TelemetryTracker(owner: "none")

    /// Hands `event` over and returns at once.
    public func track(_ event: TelemetryEvent) {
        recorder?.record(event, owner: owner)
    }

    /// The same recorder for another team's module.
    public func forOwner(_ owner: String) -> TelemetryTracker {
        recorder.map { TelemetryTracker(recorder: $0, owner: owner) } ?? TelemetryTracker(owner: owner)
    }
}
