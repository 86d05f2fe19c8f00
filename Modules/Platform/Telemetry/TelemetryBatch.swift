import Foundation

/// Events sent together, under one batch ID that stays the same when the batch is sent again.
public struct TelemetryBatch: Sendable, Equatable {
    /// A UUID for the batch.
    public let id: String
    /// The events, oldest first.
    public let events: [QueuedEvent]

    /// Creates a batch.
    public init(id: String, events: [QueuedEvent]) {
        self.id = id
        self.events = events
    }
}
