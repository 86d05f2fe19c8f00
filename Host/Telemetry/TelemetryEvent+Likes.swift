import TelemetryInterface

/// The like use case's event (team `likes`), tracked by `TrackedLikePostUseCase` around whichever use case the app has.
extension TelemetryEvent {
    /// One call of the like use case ended: `outcome` is `saved`, `queued`, `failed`, `superseded` or `reread`.
    static func like(outcome: String) -> TelemetryEvent {
        TelemetryEvent(name: "like", properties: ["outcome": .text(outcome)])
    }
}
