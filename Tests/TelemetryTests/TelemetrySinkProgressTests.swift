import Database
import Foundation
import Synchronization
import TelemetryInterface
import TelemetryTesting
import Testing
import TestingSupport

@testable import Telemetry

/// Each sink has its own progress: one that is down (an OTLP collector gone) holds back no other,
/// is tried again only after a growing wait, is named once, and catches up when it is back.
@Suite struct TelemetrySinkProgressTests {
    /// The lines the pipeline warned with.
    final class Warnings: Sendable {
        private let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    private func pipeline(
        _ directory: TestDirectory, sinks: [any TelemetrySink], warnings: Warnings? = nil,
        change: (inout TelemetryConfiguration) -> Void = { _ in }
    ) -> TelemetryPipeline {
        var configuration = TelemetryConfiguration(queueFile: directory.queue, consent: .on)
        configuration.flushInterval = .seconds(3_600)
        change(&configuration)
        return TelemetryPipeline(configuration: configuration, sinks: sinks, warn: { line in warnings?.append(line) })
    }

    @Test func aSinkThatIsDownHoldsBackNoOtherAndCatchesUpOnceBack() async throws {
        let directory = TestDirectory()
        let server = RecordingSink(name: "server")
        let otlp = RecordingSink(name: "otlp", failing: true)
        let warnings = Warnings()
        let pipeline = pipeline(directory, sinks: [server, otlp], warnings: warnings) { $0.batchSize = 10; $0.sinkRetry = .seconds(2) }
        let tracker = TelemetryTracker(recorder: pipeline, owner: "feed")
        for round in 0..<5 {
            for page in 0..<10 { tracker.track(.pageLoad(ok: true, page: round * 10 + page, milliseconds: 1)) }
            #expect(await pipeline.flushNow() == false, "the collector is down: not everything was sent")
        }
        #expect(server.batches.count == 5, "the server took each batch once, the collector down or not")
        #expect(Set(server.batches.flatMap(\.events).map(\.id)).count == 50)
        #expect(otlp.attempts < 5, "a sink that failed waits before it is tried again: \(otlp.attempts) tries")
        #expect(warnings.all.filter { $0.contains("otlp") }.count == 1, "named once: \(warnings.all)")
        #expect(try await pipeline.queue()?.contents().unsent == 50, "sent means every sink took it")

        otlp.failing = false
        // Once its wait (2 s, doubled by each failure in a row: long enough that five flushes on a
        // starved box still come inside it) is over, a flush sends it what it missed.
        #expect(await eventually(within: .seconds(60)) { await pipeline.flushNow() })
        #expect(Set(otlp.batches.flatMap(\.events).map(\.id)).count == 50, "the collector caught up on what it missed")
        #expect(server.batches.count == 5, "the server was not sent anything twice")
        #expect(try await pipeline.queue()?.contents().unsent == 0)
    }

    /// An exit right after a burst: whatever the background writer was doing, the exit flush
    /// sends and keeps every event of the run. (The end-to-end race it guards, a short headless
    /// session whose `feed stats` showed 0 to 4 events, is caught by
    /// `TelemetryEndToEndTests.statsWithoutAServerShowsEveryServerOfTheUser`.)
    @Test func finishRightAfterABurstLosesNoEvent() async throws {
        for round in 0..<20 {
            let directory = TestDirectory()
            let server = RecordingSink(name: "server")
            let pipeline = pipeline(directory, sinks: [server]) { $0.batchSize = 1_000 }
            pipeline.start()
            let tracker = TelemetryTracker(recorder: pipeline, owner: "feed")
            for page in 0..<(round + 1) * 5 { tracker.track(.pageLoad(ok: true, page: page, milliseconds: 1)) }
            #expect(await pipeline.finish(timeout: .seconds(30)))
            // What the exit flush sent is what was recorded: nothing written after it.
            #expect(server.batches.flatMap(\.events).count == (round + 1) * 5, "round \(round)")
            #expect(try await pipeline.queue()?.contents().events.count == (round + 1) * 5, "round \(round)")
        }
    }

    @Test func aRunWithFewerSinksSettlesWhatTheyAllTook() async throws {
        let directory = TestDirectory()
        let server = RecordingSink(name: "server")
        let first = pipeline(directory, sinks: [server, RecordingSink(name: "otlp", failing: true)])
        TelemetryTracker(recorder: first, owner: "feed").track(.firstContent(milliseconds: 1))
        #expect(await first.flushNow() == false)
        #expect(try await first.queue()?.contents().unsent == 1)
        await first.finish(timeout: .seconds(30))
        let second = pipeline(directory, sinks: [server])
        #expect(await second.flushNow())
        #expect(try await second.queue()?.contents().unsent == 0, "the server alone took it: sent")
        #expect(server.batches.count == 1, "and not sent to it again")
    }

    @Test func aFullDiskIsSaidOnceNotOnEveryWrite() async throws {
        let directory = TestDirectory()
        let warnings = Warnings()
        let pipeline = pipeline(directory, sinks: [], warnings: warnings) { $0.consent = .local }
        let tracker = TelemetryTracker(recorder: pipeline, owner: "feed")
        tracker.track(.firstContent(milliseconds: 1))
        #expect(await pipeline.writeNow())
        try await pipeline.queue()?.limitGrowthForTesting(toPages: 0)
        for round in 0..<80 {
            tracker.track(.error(code: "e\(round)", message: String(repeating: "x", count: 2_000)))
            _ = await pipeline.writeNow()
        }
        let lines = warnings.all
        #expect(lines.count == 1, "one line for a full disk: \(lines.count)")
    }

    @Test func aVersionOneQueueIsMigratedKeepingItsEvents() async throws {
        let directory = TestDirectory()
        // A version 1 file as an earlier build wrote it, with one event claimed in a batch.
        let db = try Connection(path: directory.queue.path)
        try db.executeScript(
            """
            CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
            CREATE TABLE events (
                sequence INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, name TEXT NOT NULL, time REAL NOT NULL,
                session TEXT NOT NULL, owner TEXT NOT NULL, sample_rate REAL NOT NULL, priority INTEGER NOT NULL,
                properties TEXT NOT NULL, batch TEXT, sent INTEGER NOT NULL DEFAULT 0);
            INSERT INTO meta (key, value) VALUES ('dropped', '0');
            INSERT INTO meta (key, value) VALUES ('install', 'old-install');
            INSERT INTO events (id, name, time, session, owner, sample_rate, priority, properties, batch)
                VALUES ('E1', 'first_content', 1, 's', 'app', 1, 1, '{}', 'B1');
            PRAGMA user_version = 1;
            """)
        db.close()
        let sink = RecordingSink(name: "server")
        let pipeline = pipeline(directory, sinks: [sink])
        #expect(await pipeline.flushNow())
        #expect(sink.batches.map(\.id) == ["B1"], "the claimed batch is sent under its ID")
        #expect(await pipeline.queue()?.installID == "old-install")
    }
}
