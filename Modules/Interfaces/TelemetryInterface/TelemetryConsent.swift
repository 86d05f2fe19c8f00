/// What the user agreed to (`--telemetry`, `FEED_TELEMETRY`, the flags file).
public enum TelemetryConsent: String, Sendable, CaseIterable {
    /// Recorded on this device for `feed stats`, never sent (the default).
    case local
    /// Recorded and sent to the sinks.
    case on
    /// Nothing recorded; the queue file is deleted.
    case off

    /// Whether events are recorded at all.
    public var records: Bool { self != .off }
    /// Whether recorded events are sent.
    public var sends: Bool { self == .on }
}
