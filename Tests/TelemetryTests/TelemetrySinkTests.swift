import Compression
import Foundation
import HTTPServer
import Networking
import Synchronization
import Telemetry
import TelemetryInterface
import Testing
import TestingSupport

@Suite struct TelemetrySinkTests {
    static let batch = TelemetryBatch(id: "B1", events: [
        QueuedEvent(id: "E1", name: "page_load", time: 1_700_000_000.5, sequence: 1, session: "S", owner: "feed", sampleRate: 1,
                    properties: ["outcome": .text("failed"), "ms": .number(120), "page": .number(0)]),
        QueuedEvent(id: "E2", name: "frame", time: 1_700_000_001, sequence: 2, session: "S", owner: "feed", sampleRate: 0.5,
                    properties: ["ms": .number(17), "hitch": .number(1)]),
        QueuedEvent(id: "E3", name: "error", time: 1_700_000_002, sequence: 3, session: "S", owner: "likes", sampleRate: 1,
                    properties: ["code": .text("x"), "message": .text("y")]),
    ])

    /// A loopback server that keeps what it is sent.
    final class Collector: Sendable {
        final class Requests: Sendable {
            let list = Mutex<[HTTPServerRequest]>([])
        }
        private let kept = Requests()
        let server: HTTPServer
        init() {
            let kept = kept
            server = HTTPServer(port: 0) { request in
                kept.list.withLock { $0.append(request) }
                return .json(202, Data("{}".utf8))
            }
        }
        var requests: [HTTPServerRequest] { kept.list.withLock { $0 } }
    }

    @Test func theServerSinkPostsOneGzipBatchWithItsDeviceTime() async throws {
        let collector = Collector()
        let port = try collector.server.start()
        defer { collector.server.stop() }
        let http = HTTPTransportClient(configuration: HTTPClientConfiguration(baseURL: URL(string: "http://127.0.0.1:\(port)")!))
        try await EventsAPISink(http: http, clock: { 1_700_000_100 }).send(Self.batch)
        let request = try #require(collector.requests.first)
        #expect(request.method == "POST" && request.path == "/v1/events")
        #expect(request.headers["content-encoding"] == "gzip")
        let json = try Gzip.decompress(request.body, limit: 1 << 20)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["batch"] as? String == "B1")
        #expect(object["sentAt"] as? Double == 1_700_000_100)
        let events = try #require(object["events"] as? [[String: Any]])
        #expect(events.map { $0["id"] as? String } == ["E1", "E2", "E3"])
        #expect(Set(events[0].keys) == ["id", "name", "time", "sequence", "session", "owner", "sampleRate", "properties"])
    }

    @Test func theOTLPSinkPostsMetricsAndLogs() async throws {
        let collector = Collector()
        let port = try collector.server.start()
        defer { collector.server.stop() }
        let endpoint = URL(string: "http://127.0.0.1:\(port)/otel")!
        let http = HTTPTransportClient(configuration: HTTPClientConfiguration(baseURL: URL(string: "http://127.0.0.1:1")!))
        try await OTLPSink(http: http, endpoint: endpoint).send(Self.batch)
        #expect(collector.requests.map(\.path) == ["/otel/v1/metrics", "/otel/v1/logs"])
    }

    @Test(.enabled(if: OTLPValidator.python != nil, "python3 with pip is not available: the OTLP schema check is skipped"))
    func theOTLPPayloadValidatesAgainstOpenTelemetrysProtobufDefinitions() async throws {
        let directory = TestDirectory()
        let encoder = OTLPEncoder()
        for (kind, data) in [("metrics", try encoder.metrics(Self.batch)), ("logs", try encoder.logs(Self.batch))] {
            let file = directory.url.appendingPathComponent("\(kind).json")
            try data.write(to: file)
            // Python (and pip, the first time) on a thread of its own, never one of the pool's.
            let (status, output) = try await onOwnThread { try OTLPValidator.run([kind, file.path]) }
            #expect(status == 0, "\(output)")
            #expect(output.contains("valid \(kind)"), "\(output)")
        }
        // The check has teeth: a field OpenTelemetry does not define is refused.
        let bad = directory.url.appendingPathComponent("bad.json")
        try Data(#"{"resourceLogs":[{"scopeLogs":[{"logRecords":[{"timeUnixNano":"1","body":{"stringValue":"x"},"severity":"high"}]}]}]}"#.utf8).write(to: bad)
        #expect(try await onOwnThread { try OTLPValidator.run(["logs", bad.path]) }.status == 1)
    }
}

/// Runs Tools/Contract/validate-otlp.py, installing `opentelemetry-proto` with pip once if missing.
enum OTLPValidator {
    static let script: URL = {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        return root.appendingPathComponent("Tools/Contract/validate-otlp.py")
    }()

    /// python3, when it and pip are there.
    static let python: String? = {
        guard let python = ["/usr/bin/env"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }),
              (try? exec(python, ["python3", "-m", "pip", "--version"]).status) == 0 else { return nil }
        return python
    }()

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let python = python ?? "/usr/bin/env"
        var result = try exec(python, ["python3", script.path] + arguments)
        if result.status == 3 {
            _ = try exec(python, ["python3", "-m", "pip", "install", "-q", "opentelemetry-proto"])
            result = try exec(python, ["python3", script.path] + arguments)
        }
        return result
    }

    static func exec(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
