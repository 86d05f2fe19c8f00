import Feed
import FeedInterface
import FeedTesting
import Foundation
import LikesInterface
import LiveUpdates
import LiveUpdatesInterface
import Networking
import PluginInterface
import PluginKit
import Posts
import TerminalUIInterface

/// (n) live-updates: 10 s of 60 frames a second with 10,000 rows loaded while the stream of a
/// `feed serve --others-like-every 1` child (1,000 like events a second) is applied, against the
/// same 10 s with the stream open and quiet (three pairs, interleaved; the medians). The frame cost is the main thread's CPU per frame
/// (applying the coalesced events and drawing); the CPU per event is the whole process's extra CPU
/// (reading, parsing and applying) over the events taken in.
@MainActor
enum LiveBenchmark {
    static func run(_ scale: BenchScale) async -> [String] {
        let feed = Bundle.main.bundleURL.appendingPathComponent("feed")
        guard FileManager.default.isExecutableFile(atPath: feed.path) else {
            return ["(n) live-updates: skipped, \(feed.path) is not built (swift build -c release --product feed)"]
        }
        do {
            // Three pairs, interleaved so a neighbour's load falls on both sides; the medians count.
            var quiets: [Run] = []
            var busies: [Run] = []
            let pairs = scale.pick(full: 3, quick: 1)
            let window = scale.pick(full: Duration.seconds(10), quick: .seconds(2))
            for _ in 0..<pairs {
                quiets.append(try await measure(feed, everyMS: nil, for: window))
                busies.append(try await measure(feed, everyMS: 1, for: window))
            }
            let middle = pairs / 2
            let quiet = quiets.sorted { $0.framePerCPU < $1.framePerCPU }[middle]
            let busy = busies.sorted { $0.framePerCPU < $1.framePerCPU }[middle]
            let extra = busies.map(\.processCPU).sorted()[middle] - quiets.map(\.processCPU).sorted()[middle]
            let perEvent = busy.events > 0 ? extra / busy.events : .zero
            let applying = await applyCost()
            return [
                "(n) live-updates: 1,000 like events/s for \(window.components.seconds) s, 10,000 rows loaded, 60 frames/s, medians of \(pairs) interleaved pairs (goal: frame cost ≤ 1.5× of no events)",
                "    no events \(Measure.format(quiet.framePerCPU)) main-thread CPU per frame, \(busy.events) events "
                    + "\(Measure.format(busy.framePerCPU)) → \(Measure.ratio(busy.framePerCPU, quiet.framePerCPU));"
                    + " \(busy.batches) batches applied over \(busy.frames) frames",
                "    CPU per event (whole process, over the quiet run) \(Measure.format(perEvent));"
                    + " applying one on the main thread (store, row, observation; 17 a batch, no network) \(Measure.format(applying))",
            ]
        } catch {
            return ["(n) live-updates: skipped, \(error)"]
        }
    }

    private struct Run {
        var frames = 0
        var events = 0
        var batches = 0
        var mainCPU = Duration.zero
        var processCPU = Duration.zero
        var framePerCPU: Duration { frames > 0 ? mainCPU / frames : .zero }
    }

    private static func measure(_ feed: URL, everyMS: Int?, for window: Duration) async throws -> Run {
        let server = Process()
        server.executableURL = feed
        server.arguments = ["serve", "--port", "0", "--posts", "10000"] + (everyMS.map { ["--others-like-every", String($0)] } ?? [])
        let output = Pipe()
        server.standardOutput = output
        server.standardError = output
        try server.run()
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        let port = try readPort(output.fileHandleForReading)
        let http = HTTPTransportClient(configuration: HTTPClientConfiguration(baseURL: URL(string: "http://127.0.0.1:\(port)")!))
        let store = InMemoryPostStore(likePost: InstantLikePostUseCase())
        let model = FeedViewModel(feed: FakeFeedRepository(pages: FeedFixtures.pages(count: 1, pageSize: 10_000)), posts: store)
        await model.onAppear()?.value
        let live = LiveConnection(
            http: http,
            targets: LiveTargets(
                stores: { [store] }, newestShown: { nil }, newPosts: NoCounter(), relay: NewPostsBroadcast(), refreshFlags: {}, warn: { _ in }))
        live.setWanted(true)
        defer { live.stop() }
        let opened = ContinuousClock.now
        while live.state != .open || live.refetches == 0 {
            guard ContinuousClock.now - opened < .seconds(20) else { throw BenchError("the stream of \(feed.path) serve did not open") }
            try await Task.sleep(for: .milliseconds(10))
        }
        let size = TerminalSize(columns: 80, rows: 24)
        let middle = model.viewState.rows[5_000].id
        var position = FeedScreenPosition(top: middle, topOffset: 0, selected: middle)
        var run = Run()
        let (events, batches) = (live.events, live.batches)
        let (main, process) = (threadCPU(), processCPU())
        let end = ContinuousClock.now + window
        while ContinuousClock.now < end {
            let frame = FeedScreenRenderer.render(state: model.viewState, size: size, position: position, options: FeedScreenOptions(tick: run.frames))
            position = frame.position
            run.frames += 1
            try await Task.sleep(for: .milliseconds(16))
        }
        run.mainCPU = threadCPU() - main
        run.processCPU = processCPU() - process
        guard Thread.isMainThread else { throw BenchError("the main actor ran off the main thread: its CPU clock would count another thread") }
        run.events = live.events - events
        run.batches = live.batches - batches
        return run
    }

    /// The main thread's CPU per event applied in batches of 17 (1,000 a second at 60 frames) to
    /// 10,000 held rows, with no stream: the store's and the feed's part of the frame cost.
    private static func applyCost() async -> Duration {
        let store = InMemoryPostStore(likePost: InstantLikePostUseCase())
        let model = FeedViewModel(feed: FakeFeedRepository(pages: FeedFixtures.pages(count: 1, pageSize: 10_000)), posts: store)
        await model.onAppear()?.value
        let ids = model.viewState.rows.map(\.id)
        var random = SystemRandomNumberGenerator()
        let batches = (0..<2_000).map { round in
            Dictionary((0..<17).map { _ in (ids.randomElement(using: &random)!, LikeResult(liked: false, likeCount: round)) }) { a, _ in a }
        }
        let events = batches.reduce(0) { $0 + $1.count }
        let start = threadCPU()
        for batch in batches { store.updateServerLikes(batch) }
        return (threadCPU() - start) / events
    }

    private static func readPort(_ handle: FileHandle) throws -> Int {
        var text = ""
        while !text.contains("\n") {
            let data = handle.availableData
            guard !data.isEmpty else { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let range = text.range(of: #"127\.0\.0\.1:[0-9]+"#, options: .regularExpression),
              let port = Int(text[range].split(separator: ":").last ?? "")
        else { throw BenchError("feed serve printed no address: \(text.prefix(200))") }
        return port
    }

    private static func threadCPU() -> Duration {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
    }

    private static func processCPU() -> Duration {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        let user = Duration.seconds(usage.ru_utime.tv_sec) + .microseconds(usage.ru_utime.tv_usec)
        return user + .seconds(usage.ru_stime.tv_sec) + .microseconds(usage.ru_stime.tv_usec)
    }

    private struct NoCounter: NewPostsCounter {
        func newPostCount(since post: PostID) async throws -> Int { 0 }
    }
}
