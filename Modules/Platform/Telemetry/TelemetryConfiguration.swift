import Foundation
import TelemetryInterface

/// How the pipeline records and sends.
public struct TelemetryConfiguration: Sendable {
    /// The queue file (SQLite, 0600) in the user's data directory.
    public var queueFile: URL
    /// `local` records only; `on` sends too. (`off` builds no pipeline.)
    public var consent: TelemetryConsent
    /// Unsent events that start a flush.
    public var flushCount = 50
    /// A flush at least this often while events wait.
    public var flushInterval: Duration = .seconds(30)
    /// The most events the queue file keeps; past it the oldest low-value events go first.
    public var capacity = 5_000
    /// The most events waiting in memory before the queue is open (before the first frame).
    public var memoryLimit = 20_000
    /// The most events in one batch.
    public var batchSize = 200
    /// The share of installs that send sampled events (errors and crashes always go).
    public var sampleRate = 1.0
    /// How long a sink that failed waits before it is tried again; the wait doubles with each
    /// failure in a row, up to 64 times this. Other sinks go on meanwhile.
    public var sinkRetry: Duration = .seconds(30)
    /// What an error event's message loses before it is kept (paths, URLs, the account's name):
    /// nothing that says who or where the user is is written to the queue, let alone sent.
    public var redaction = TelemetryRedaction()
    /// This run's ID.
    public var session = UUID().uuidString

    /// A configuration for the queue at `queueFile` with `consent`.
    public init(queueFile: URL, consent: TelemetryConsent) {
        self.queueFile = queueFile
        self.consent = consent
    }
}
