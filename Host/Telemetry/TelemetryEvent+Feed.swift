import TelemetryInterface

/// The feed's own events (team `feed`) that the host tracks around the feed screen, and the store of the saved feed.
extension TelemetryEvent {
    /// The reader reached the last loaded row and waited `waitMilliseconds` for the next page (the feed's `onWaitedAtEnd`).
    static func endOfRows(waitMilliseconds: Double) -> TelemetryEvent {
        TelemetryEvent(name: "end_of_rows", properties: ["wait_ms": .number(waitMilliseconds)])
    }
}

extension TelemetryEvent.Store {
    /// The saved pages of `offline-pages` (team `storage`), tracked by `TrackedFeedCache`.
    static let cache = Self("cache")
}
