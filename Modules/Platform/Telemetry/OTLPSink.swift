import Foundation
import Networking

/// OpenTelemetry's OTLP/HTTP with JSON (`--otlp URL`): the measurements as metrics
/// (`URL/v1/metrics`) and every event as a log record (`URL/v1/logs`), so any collector takes them.
public struct OTLPSink: TelemetrySink {
    private let http: any HTTPClient
    private let endpoint: URL
    public var name: String { "otlp" }

    /// Sends to the collector at `endpoint` (e.g. `http://127.0.0.1:4318`) with `http`.
    public init(http: any HTTPClient, endpoint: URL) {
        self.http = http
        self.endpoint = endpoint
    }

    public func send(_ batch: TelemetryBatch) async throws {
        let encoder = OTLPEncoder()
        for (path, body) in [("v1/metrics", try encoder.metrics(batch)), ("v1/logs", try encoder.logs(batch))] {
            let url = endpoint.appendingPathComponent(path)
            var request = HTTPRequest(
                method: .post, path: url.path, headers: ["Content-Type": "application/json"], body: body, timeout: .seconds(10),
                isIdempotent: true)
            request.url = url
            request.maxBodyBytes = 64 << 10
            _ = try await http.send(request)
        }
    }
}
