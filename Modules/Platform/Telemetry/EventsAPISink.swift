import Compression
import Foundation
import Networking

/// The API server's `POST /v1/events`: `{"batch", "sentAt", "events": […]}`, gzip-compressed.
/// The server drops repeated event IDs, so a batch sent again stores nothing twice.
public struct EventsAPISink: TelemetrySink {
    /// The body sent, as the API describes it.
    struct Body: Encodable {
        let batch: String
        /// The device's clock when the batch left (seconds since 1970): the server corrects skew with it.
        let sentAt: Double
        let events: [QueuedEvent]
    }

    private let http: any HTTPClient
    private let clock: @Sendable () -> Double
    public var name: String { "server" }

    /// Sends with `http`, the app's client aimed at the API server; `clock` is the device's time.
    public init(http: any HTTPClient, clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        self.http = http
        self.clock = clock
    }

    public func send(_ batch: TelemetryBatch) async throws {
        _ = try await http.send(Self.request(batch, sentAt: clock()))
    }

    /// The request for `batch`: gzip JSON, safe to retry (the IDs make it idempotent).
    static func request(_ batch: TelemetryBatch, sentAt: Double) throws -> HTTPRequest {
        let json = try JSONEncoder().encode(Body(batch: batch.id, sentAt: sentAt, events: batch.events))
        var request = HTTPRequest(
            method: .post, path: "/v1/events",
            headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"],
            body: Gzip.compress(json), timeout: .seconds(10), isIdempotent: true)
        request.maxBodyBytes = 64 << 10
        return request
    }
}
