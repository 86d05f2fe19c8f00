// The Telemetry module: the durable queue, the pipeline that feeds it, the sinks and the stats.
import Foundation
import TelemetryInterface

/// One event as the queue keeps it and the sinks send it.
public struct QueuedEvent: Sendable, Equatable, Codable {
    /// A UUID, unique per event: the server drops a repeated one.
    public var id: String
    /// The event's name, e.g. `page_load`.
    public var name: String
    /// When it was tracked, by the device's clock (seconds since 1970).
    public var time: Double
    /// Its place in this install's events: 1, 2, 3, … (never reused).
    public var sequence: Int
    /// The run (process) that tracked it.
    public var session: String
    /// The owning team of the module that tracked it.
    public var owner: String
    /// The share of installs that send this event (1 for errors and crashes).
    public var sampleRate: Double
    /// The event's properties.
    public var properties: [String: TelemetryValue]

    /// Creates an event.
    public init(
        id: String, name: String, time: Double, sequence: Int, session: String, owner: String, sampleRate: Double,
        properties: [String: TelemetryValue]
    ) {
        self.id = id
        self.name = name
        self.time = time
        self.sequence = sequence
        self.session = session
        self.owner = owner
        self.sampleRate = sampleRate
        self.properties = properties
    }

    /// Whether `feed stats` and the server count it as a failure: an error, a crash, or an outcome `failed`.
    public var isFailure: Bool {
        name == "error" || name == "crash" || properties["outcome"]?.text == "failed"
    }
}
