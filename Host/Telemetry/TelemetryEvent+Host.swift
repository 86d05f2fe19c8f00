import TelemetryInterface

/// The events the host's decorators track for the teams whose parts they wrap, declared here beside
/// them (the platform names none of them).
extension TelemetryEvent {
    /// Team `likes`: one call of the like use case ended, `outcome` `saved`, `queued`, `failed`, `superseded` or `reread` (`TrackedLikePostUseCase`).
    static func like(outcome: String) -> TelemetryEvent { TelemetryEvent(name: "like", properties: ["outcome": .text(outcome)]) }

    /// Team `feed`: the reader reached the last loaded row and waited `waitMilliseconds` for the next page (the feed's `onWaitedAtEnd`).
    static func endOfRows(waitMilliseconds: Double) -> TelemetryEvent { TelemetryEvent(name: "end_of_rows", properties: ["wait_ms": .number(waitMilliseconds)]) }
}
