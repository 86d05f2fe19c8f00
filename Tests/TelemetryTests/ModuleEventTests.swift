import Foundation
import Synchronization
import Telemetry
import TelemetryInterface
import TelemetryTesting
import Testing

/// An event a follow-up declares for itself goes the way of the platform's own: the queue's row,
/// the batch a sink is sent, the OTLP export and `feed stats`; a name that cannot be recorded, or
/// properties past the limits, are refused or cut, and the recorder goes on.
@Suite struct ModuleEventTests {
    private final class Warnings: Sendable {
        let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
    }

    private func pipeline(_ directory: TestDirectory, sinks: [any TelemetrySink] = [], warnings: Warnings = Warnings()) -> TelemetryPipeline {
        var configuration = TelemetryConfiguration(queueFile: directory.queue, consent: .on)
        configuration.session = "run-1"
        return TelemetryPipeline(configuration: configuration, sinks: sinks, warn: { line in warnings.lines.withLock { $0.append(line) } })
    }

    @Test func aFollowUpsEventIsQueuedSentExportedAndCountedLikeABuiltInOne() async throws {
        let directory = TestDirectory()
        let sink = RecordingSink()
        let pipeline = pipeline(directory, sinks: [sink])
        let tracker = TelemetryTracker(recorder: pipeline, owner: "bookmarks")
        tracker.track(.firstContent(milliseconds: 12))
        tracker.track(.bookmarksShown(milliseconds: 12))
        tracker.track(.bookmarkSaved(ok: false))
        #expect(await pipeline.flushNow())

        let rows = try #require(try await pipeline.queue()?.contents().events)
        #expect(rows.map(\.name) == ["first_content", "bookmarks_shown", "bookmark_saved"])
        let (builtIn, own) = (rows[0], rows[1])
        // The same row but for the name (and the ID, time and place every event has of its own).
        var renamed = own
        renamed.name = builtIn.name
        renamed.id = builtIn.id
        renamed.time = builtIn.time
        renamed.sequence = builtIn.sequence
        #expect(renamed == builtIn)
        #expect(own.properties == ["ms": .number(12)] && own.owner == "bookmarks" && own.session == "run-1" && own.sampleRate == 1)

        let sent = try #require(sink.batches.first)
        #expect(sent.events == rows, "the sink is sent the rows as queued")

        let encoder = OTLPEncoder()
        let metrics = try #require(try JSONSerialization.jsonObject(with: try encoder.metrics(sent)) as? [String: Any])
        let scope = try #require(((metrics["resourceMetrics"] as? [[String: Any]])?.first?["scopeMetrics"] as? [[String: Any]])?.first)
        let gauges = try #require(scope["metrics"] as? [[String: Any]])
        #expect(gauges.compactMap { $0["name"] as? String } == ["feed.first_content.ms", "feed.bookmarks_shown.ms"])
        #expect(gauges.allSatisfy { $0["unit"] as? String == "ms" })
        let logs = try #require(try JSONSerialization.jsonObject(with: try encoder.logs(sent)) as? [String: Any])
        let records = try #require(
            (((logs["resourceLogs"] as? [[String: Any]])?.first?["scopeLogs"] as? [[String: Any]])?.first?["logRecords"]) as? [[String: Any]])
        #expect(records.compactMap { ($0["body"] as? [String: Any])?["stringValue"] as? String } == ["first_content", "bookmarks_shown", "bookmark_saved"])
        #expect(records.compactMap { $0["severityText"] as? String } == ["INFO", "INFO", "ERROR"], "a failed outcome is an error record")

        let stats = TelemetryStats(events: rows)
        let team = try #require(stats.teams.first { $0.team == "bookmarks" })
        #expect(team.events == 3 && team.failures == 1)
        #expect(team.byName["bookmarks_shown"]?.count == 1)
        #expect(team.byName["bookmark_saved"]?.failures == 1)
        let json = StatsReport.json(stats)
        #expect(json.contains(#""bookmark_saved":{"count":1,"failures":1}"#), "\(json)")
        #expect(StatsReport.text(stats).contains("bookmarks  3       1"), "the team's row counts its own events: \(StatsReport.text(stats))")
    }

    @Test func invalidNamesAreRefusedOversizedPropertiesCutAndTheRecorderGoesOn() async throws {
        let directory = TestDirectory()
        let warnings = Warnings()
        let pipeline = pipeline(directory, warnings: warnings)
        let tracker = TelemetryTracker(recorder: pipeline, owner: "bookmarks")
        var hostile: [String: TelemetryValue] = ["about": .text(String(repeating: "ü", count: 100_000))]
        for index in 0..<1_000 { hostile["key_\(index)"] = .number(.infinity) }
        let refused = [
            "", "Bookmark", "bookmark-saved", "bookmark_saved\u{1B}]0;pwned\u{07}", String(repeating: "b", count: 1 << 20), "crash", "error", "frame",
        ]
        for name in refused { tracker.track(TelemetryEvent(name: name, properties: hostile, priority: .essential)) }
        tracker.track(TelemetryEvent(name: "bookmark_flood", properties: hostile))
        tracker.track(.bookmarkSaved(ok: true))
        #expect(await pipeline.writeNow())

        let rows = try #require(try await pipeline.queue()?.contents().events)
        #expect(rows.map(\.name) == ["bookmark_flood", "bookmark_saved"], "what could be recorded was, and only that")
        let flood = rows[0]
        #expect(flood.properties.count == TelemetryEvent.maxProperties)
        #expect(flood.properties.values.allSatisfy { value in
            value.number.map { $0 == 0 } ?? (value.text.map { $0.utf8.count <= TelemetryEvent.maxTextBytes } ?? false)
        })
        #expect(flood.properties["about"]?.text == String(repeating: "ü", count: 128))
        let lines = warnings.all
        #expect(lines.count == 1, "said once, for the first: \(lines)")
        #expect(lines.first?.contains("team bookmarks named \"\"") == true, "\(lines)")
        #expect(lines.allSatisfy { !$0.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 } })
    }
}
