import TelemetryInterface

// Events declared here the way a feature declares its own (the shapes of those live-updates, the
// like queue and the host send; their own tests pin them): the rules of `TelemetryEventTests`
// hold for events the platform does not own as for its own.
extension TelemetryEvent {
    static func like(outcome: String) -> TelemetryEvent {
        TelemetryEvent(name: "like", properties: ["outcome": .text(outcome)])
    }

    static func endOfRows(waitMilliseconds: Double) -> TelemetryEvent {
        TelemetryEvent(name: "end_of_rows", properties: ["wait_ms": .number(waitMilliseconds)])
    }

    static func streamReconnect(attempt: Int, waitMilliseconds: Double) -> TelemetryEvent {
        TelemetryEvent(name: "stream_reconnect", properties: ["attempt": .number(Double(attempt)), "wait_ms": .number(waitMilliseconds)])
    }
}

extension TelemetryEvent.Store {
    static let outbox = Self("outbox")
}
