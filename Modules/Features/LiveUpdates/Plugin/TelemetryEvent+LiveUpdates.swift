import TelemetryInterface

/// The events `live-updates` sends (team `realtime`), declared here beside `ActiveLiveUpdates`, which tracks them.
extension TelemetryEvent {
    /// The stream is about to reconnect: its `attempt` (1 after a connection that opened), after `waitMilliseconds` of backoff.
    static func streamReconnect(attempt: Int, waitMilliseconds: Double) -> TelemetryEvent {
        TelemetryEvent(name: "stream_reconnect", properties: ["attempt": .number(Double(attempt)), "wait_ms": .number(waitMilliseconds)])
    }
}
