import TelemetryInterface

// Events declared here the way a feature declares its own: the like use case's (the host's, whose
// own tests pin it) and a follow-up's that nothing else knows.
extension TelemetryEvent {
    static func like(outcome: String) -> TelemetryEvent {
        TelemetryEvent(name: "like", properties: ["outcome": .text(outcome)])
    }

    /// A follow-up's own event, shaped like the platform's `first_content` ({ms}) so the two can be compared.
    static func bookmarksShown(milliseconds: Double) -> TelemetryEvent {
        TelemetryEvent(name: "bookmarks_shown", properties: ["ms": .number(milliseconds)])
    }

    /// A follow-up's own event with an outcome: a failed one counts as a failure like a failed page.
    static func bookmarkSaved(ok: Bool) -> TelemetryEvent {
        TelemetryEvent(name: "bookmark_saved", properties: ["outcome": .text(ok ? "ok" : "failed")])
    }
}
