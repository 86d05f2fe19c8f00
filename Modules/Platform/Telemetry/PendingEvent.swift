import Foundation
import TelemetryInterface

/// An event tracked and not yet in the queue file: what `track` builds, in memory only.
struct PendingEvent: Sendable {
    let id: UUID
    let time: Double
    let owner: String
    let event: TelemetryEvent
}
