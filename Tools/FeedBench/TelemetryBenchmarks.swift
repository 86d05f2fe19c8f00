import Feed
import FeedInterface
import FeedServer
import FeedTesting
import Foundation
import Posts
import Telemetry
import TelemetryInterface
import TerminalUIInterface

/// (t) First content with telemetry `on` vs `off` (the release `feed`, side by side, alternating).
/// (u) One 80×24 frame while 10,000 events are tracked during the scroll (each frame tracked too,
/// the queue written and flushed on its own thread) vs the same scroll with telemetry off.
@MainActor
enum TelemetryBenchmarks {
    static func firstContent() async -> [String] {
        let feed = Bundle.main.bundleURL.appendingPathComponent("feed")
        guard FileManager.default.isExecutableFile(atPath: feed.path) else {
            return ["(t) telemetry first content: skipped, \(feed.path) is not built (swift build -c release --product feed)"]
        }
        let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("feed-bench-telemetry-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dataDir) }
        do {
            let server = FeedServer(options: FeedServerOptions(port: 0))
            let port = try server.start()
            defer { server.stop() }
            let arguments = ["--headless", "--server", "http://127.0.0.1:\(port)", "--data-dir", dataDir.path, "--photos", "off"]
            var off: [Duration] = []
            var on: [Duration] = []
            for _ in 0..<11 {
                off.append(try HeadlessRun.timeToFirstLine(feed, arguments + ["--telemetry", "off"], input: "open\nsettle", containing: "\"rows\":[{"))
                on.append(try HeadlessRun.timeToFirstLine(feed, arguments + ["--telemetry", "on"], input: "open\nsettle", containing: "\"rows\":[{"))
            }
            let offMedian = off.sorted()[off.count / 2]
            let onMedian = on.sorted()[on.count / 2]
            return [
                "(t) first content, telemetry on vs off (goal: ≤ 1.1×; medians of 11, alternating)",
                "    off \(Measure.format(offMedian)), on \(Measure.format(onMedian)) → \(Measure.ratio(onMedian, offMedian)); the runs end at their first content, before a flush (server stored \(server.storedEvents().count))",
            ]
        } catch {
            return ["(t) telemetry first content: failed: \(error)"]
        }
    }

    static func frameWhileTracking() async -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("feed-bench-telemetry-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let scroll = await Scroll()
        let off = scroll.frameCost(tracker: nil)
        var configuration = TelemetryConfiguration(queueFile: directory.appendingPathComponent("telemetry.sqlite"), consent: .on)
        configuration.capacity = 20_000
        let sink = CountingSink()
        let pipeline = TelemetryPipeline(configuration: configuration, sinks: [sink], warn: { print("    \($0)") })
        pipeline.start()
        let tracker = TelemetryTracker(recorder: pipeline, owner: "feed")
        let background = Task.detached {
            for chunk in 0..<200 {
                for index in 0..<50 { tracker.track(.pageLoad(ok: index % 9 != 0, page: chunk, milliseconds: Double(index))) }
                try? await Task.sleep(for: .milliseconds(1))
            }
        }
        let on = scroll.frameCost(tracker: tracker)
        await background.value
        await pipeline.finish(timeout: .seconds(30))
        let kept = (try? await pipeline.queue()?.contents().events.count) ?? 0
        return [
            "(u) one 80×24 frame while 10,000 events are tracked during a scroll vs telemetry off (goal: ≤ 1.2×)",
            "    off \(Measure.format(off)), on \(Measure.format(on)) per frame → \(Measure.ratio(on, off)); \(kept) events in the queue, \(sink.count) sent",
        ]
    }

    /// A feed of 1,000 rows scrolled a row per frame.
    @MainActor
    final class Scroll {
        let state: FeedViewState
        let size = TerminalSize(columns: 80, rows: 24)

        init() async {
            let model = FeedViewModel(
                feed: FakeFeedRepository(pages: FeedFixtures.pages(count: 50)), posts: InMemoryPostStore(likePost: InstantLikePostUseCase()))
            await model.onAppear()?.value
            while model.viewState.rows.count < 1_000, let last = model.viewState.rows.last, let task = model.rowAppeared(last.id) {
                await task.value
            }
            state = model.viewState
        }

        /// The median time of one frame over 9 runs of 300, each frame tracked when `tracker` is given.
        func frameCost(tracker: TelemetryTracker?) -> Duration {
            let clock = ContinuousClock()
            var samples: [Duration] = []
            for _ in 0..<9 {
                var position = FeedScreenPosition(top: state.rows[0].id, topOffset: 0, selected: state.rows[0].id)
                let start = clock.now
                for tick in 0..<300 {
                    let begin = clock.now
                    let frame = FeedScreenRenderer.render(state: state, size: size, position: position, options: FeedScreenOptions(tick: tick))
                    position = FeedScreenPosition(top: state.rows[(tick + 1) % state.rows.count].id, topOffset: 0, selected: state.rows[(tick + 1) % state.rows.count].id)
                    _ = frame
                    tracker?.track(.frame(milliseconds: Double((clock.now - begin).components.attoseconds) / 1e15))
                }
                samples.append((clock.now - start) / 300)
            }
            return samples.sorted()[samples.count / 2]
        }
    }

    /// A sink that takes every batch and counts the events.
    final class CountingSink: TelemetrySink, @unchecked Sendable {
        private let lock = NSLock()
        private var taken = 0
        var name: String { "bench" }
        var count: Int { lock.withLock { taken } }
        func send(_ batch: TelemetryBatch) async throws { lock.withLock { taken += batch.events.count } }
    }
}
