import Compression
import Foundation
import HTTPServer

/// The analytics routes: `POST /v1/events` (gzip or plain JSON) and `GET /v1/events/summary`.
extension FeedRouter {
    /// The most bytes a batch may decompress to.
    static let maxEventBytes = 4 << 20
    /// The most events in one batch.
    static let maxBatchEvents = 1_000
    /// The most skew corrected: a device clock further off than ten years is not trusted (no correction).
    static let maxSkewSeconds = 315_576_000.0

    func postEvents(_ request: HTTPServerRequest) -> HTTPServerResponse {
        var body = request.body
        switch request.headers["content-encoding"]?.lowercased() {
        case nil, "identity": break
        case "gzip":
            do {
                body = try Gzip.decompress(body, limit: Self.maxEventBytes)
            } catch {
                return Self.error(400, "\(error); send gzip of at most \(Self.maxEventBytes) bytes")
            }
        case let other?:
            return Self.error(400, "Content-Encoding \(other.prefix(40)) is not supported; use gzip or none")
        }
        let batch: FeedServerDTO.EventBatch
        do {
            batch = try JSONDecoder().decode(FeedServerDTO.EventBatch.self, from: body)
        } catch {
            return Self.error(400, #"the body must be JSON {"events": [{"id", "name", "time", "sequence", "session", "owner", "sampleRate", "properties"}]}"#)
        }
        guard (batch.batch?.utf8.count ?? 0) <= 64 else { return Self.error(400, "a batch id is at most 64 bytes") }
        guard batch.events.count <= Self.maxBatchEvents else { return Self.error(400, "at most \(Self.maxBatchEvents) events per batch") }
        if let problem = batch.events.lazy.compactMap(\.problem).first { return Self.error(400, problem) }
        let received = now()
        var skew = batch.sentAt.map { received - $0 } ?? 0
        if !skew.isFinite || abs(skew) > Self.maxSkewSeconds { skew = 0 }
        let stored = batch.events.map { event in
            StoredEvent(
                id: event.id, name: event.name, owner: event.owner, sequence: event.sequence, session: event.session,
                deviceTime: event.time, correctedTime: event.time + skew,
                isFailure: event.name == "error" || event.name == "crash" || event.properties["outcome"]?.text == "failed")
        }
        let result = eventLog.withLock { $0.store(stored) }
        return Self.json(202, FeedServerDTO.EventsAccepted(stored: result.stored, duplicates: result.duplicates))
    }

    func eventsSummary(_ request: HTTPServerRequest) -> HTTPServerResponse {
        Self.json(200, eventLog.withLock { $0.summary })
    }
}
