import Foundation
import TelemetryInterface

/// Events as OTLP JSON (opentelemetry-proto's `ExportMetricsServiceRequest` and
/// `ExportLogsServiceRequest` in the protobuf JSON mapping: camelCase fields, 64-bit integers as
/// strings, enums as numbers). Every number property of an event is a gauge point named
/// `feed.<event>.<property>`; every event is also a log record with its properties as attributes.
public struct OTLPEncoder: Sendable {
    /// The service name in the resource.
    public var serviceName = "feed"

    /// Creates an encoder.
    public init() {}

    /// The metrics request for `batch`.
    public func metrics(_ batch: TelemetryBatch) throws -> Data {
        var byName: [String: [[String: Any]]] = [:]
        var order: [String] = []
        for event in batch.events {
            for (key, value) in event.properties.sorted(by: { $0.key < $1.key }) {
                guard let number = value.number else { continue }
                let name = "feed.\(event.name).\(key)"
                if byName[name] == nil { order.append(name) }
                byName[name, default: []].append([
                    "timeUnixNano": nanos(event.time),
                    "asDouble": number.isFinite ? number : 0,
                    "attributes": attributes(["owner": .text(event.owner), "session": .text(event.session)]),
                ])
            }
        }
        let metrics: [[String: Any]] = order.map { name in
            ["name": name, "unit": name.hasSuffix("ms") ? "ms" : "1", "gauge": ["dataPoints": byName[name] ?? []]]
        }
        return try json(["resourceMetrics": [["resource": resource, "scopeMetrics": [["scope": scope, "metrics": metrics]]]]])
    }

    /// The logs request for `batch`.
    public func logs(_ batch: TelemetryBatch) throws -> Data {
        let records: [[String: Any]] = batch.events.map { event in
            var properties = event.properties
            properties["event.id"] = .text(event.id)
            properties["event.sequence"] = .number(Double(event.sequence))
            properties["owner"] = .text(event.owner)
            properties["session"] = .text(event.session)
            properties["sample_rate"] = .number(event.sampleRate)
            return [
                "timeUnixNano": nanos(event.time),
                "observedTimeUnixNano": nanos(event.time),
                // SEVERITY_NUMBER_ERROR (17) for failures, SEVERITY_NUMBER_INFO (9) otherwise.
                "severityNumber": event.isFailure ? 17 : 9,
                "severityText": event.isFailure ? "ERROR" : "INFO",
                "body": ["stringValue": event.name],
                "attributes": attributes(properties),
            ]
        }
        return try json(["resourceLogs": [["resource": resource, "scopeLogs": [["scope": scope, "logRecords": records]]]]])
    }

    private var resource: [String: Any] { ["attributes": attributes(["service.name": .text(serviceName)])] }
    private var scope: [String: Any] { ["name": "feed.telemetry", "version": "1"] }

    private func attributes(_ properties: [String: TelemetryValue]) -> [[String: Any]] {
        properties.sorted { $0.key < $1.key }.map { key, value in
            switch value {
            case .number(let number): ["key": key, "value": ["doubleValue": number.isFinite ? number : 0]]
            case .text(let text): ["key": key, "value": ["stringValue": text]]
            }
        }
    }

    /// Seconds since 1970 as OTLP's fixed64 nanoseconds, a JSON string.
    private func nanos(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds > 0, seconds < 1e10 else { return "0" }
        return String(UInt64(seconds * 1e9))
    }

    private func json(_ object: [String: Any]) throws -> Data {
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }
}
