import Foundation

/// `feed-bench`: prints ratios measured side by side in one run (`swift run -c release feed-bench`).
/// `feed-bench d g` runs only the benchmarks of those letters; `--quick` runs each once and small.
@main
enum FeedBench {
    /// One benchmark: its letter in the output, what it measures, about how long it takes in full
    /// on 2 cores, and how to run it.
    struct Benchmark {
        let letter: String
        let name: String
        let seconds: Int
        let run: @MainActor (BenchScale) async -> [String]
    }

    @MainActor
    static let benchmarks: [Benchmark] = [
        Benchmark(letter: "a", name: "append pages: 1,000 pages vs 100, ours against a naive set rebuild", seconds: 3) { _ in await FeedBenchmarks.appendPages() },
        Benchmark(letter: "b", name: "one like tap: 10,000 rows vs 100", seconds: 1) { _ in await FeedBenchmarks.likeTap() },
        Benchmark(letter: "c", name: "10 taps during one slow like request", seconds: 1) { _ in await FeedBenchmarks.tapsDuringSlowRequest() },
        Benchmark(letter: "d", name: "cold start to first content, against a bare start", seconds: 2) { _ in await ColdStartBenchmark.run() },
        Benchmark(letter: "e", name: "the offline cache through OfflinePages against SQLite's C API", seconds: 1) { _ in await StoreBenchmarks.run() },
        Benchmark(letter: "j", name: "the persistent like queue: one tap through the outbox", seconds: 1) { _ in await QueueBenchmarks.run() },
        Benchmark(letter: "f", name: "one 80×24 frame with 10,000 rows vs 100", seconds: 1) { _ in await RenderBenchmark.run() },
        Benchmark(letter: "g", name: "decoding a photo for a small box: DCT scaling against full decode, PNG against JPEG", seconds: 1) { _ in await ImageBenchmarks.run() },
        Benchmark(letter: "h", name: "the shared post store: a like seen by two screens", seconds: 1) { _ in await SharedStoreBenchmark.run() },
        Benchmark(letter: "i", name: "wrapping a caption without spaces: 1 MB vs 100 KB", seconds: 2) { _ in await TextLayoutBenchmark.run() },
        Benchmark(letter: "k", name: "photos while scrolling: peak memory and photos ready in time (the release feed)", seconds: 90) { await PhotoScrollBenchmark.run($0) },
        Benchmark(letter: "l", name: "time to first rows against a slow server", seconds: 20) { await FirstRowsBenchmark.run($0) },
        Benchmark(letter: "n", name: "live-updates: frame cost under 1,000 like events a second (the release feed)", seconds: 65) { await LiveBenchmark.run($0) },
        Benchmark(letter: "m", name: "photo fidelity in the feed's boxes, by drawing", seconds: 1) { _ in await FidelityBenchmark.run() },
        Benchmark(letter: "p", name: "real photos in half, quadrant and sextant blocks: SSIM on screen and frame cost", seconds: 3) { await SymbolBenchmark.run($0) },
        Benchmark(letter: "r", name: "a frame of photos still loading: BlurHash placeholders vs one colour", seconds: 1) { _ in await PlaceholderBenchmark.run() },
        Benchmark(letter: "q", name: "kitty and sixel bytes while scrolling a 100×34 feed of real photos", seconds: 3) { await GraphicsBytesBenchmark.run($0) },
        Benchmark(letter: "t", name: "first content with telemetry on vs off (the release feed)", seconds: 1) { _ in await TelemetryBenchmarks.firstContent() },
        Benchmark(letter: "u", name: "frame cost while tracking telemetry", seconds: 1) { _ in await TelemetryBenchmarks.frameWhileTracking() },
    ]

    /// Runs the main actor on the process's main thread, in its run loop (not on whichever worker
    /// thread drains the main queue after an async `main`), so a main-thread CPU clock counts all
    /// of the main actor's work and nothing else (`feed-bench n`).
    static func main() {
        Task { @MainActor in
            exit(await run(Array(CommandLine.arguments.dropFirst())))
        }
        RunLoop.main.run()
    }

    @MainActor
    private static func run(_ arguments: [String]) async -> Int32 {
        var quick = false
        var only: Set<String> = []
        let letters = Set(benchmarks.map(\.letter))
        for argument in arguments {
            switch argument {
            case "-h", "--help", "help":
                print(usage)
                return 0
            case "--quick":
                quick = true
            case let letter where letters.contains(letter.lowercased()):
                only.insert(letter.lowercased())
            default:
                FileHandle.standardError.write(Data("feed-bench: unknown argument '\(argument)'; see `feed-bench --help`\n".utf8))
                return 2
            }
        }
        #if DEBUG
            print("note: a debug build; run `swift run -c release feed-bench` for figures worth quoting")
        #endif
        let chosen = benchmarks.filter { only.isEmpty || only.contains($0.letter) }
        let scale = BenchScale(isQuick: quick)
        print("feed-bench — \(ProcessInfo.processInfo.activeProcessorCount) cores\(quick ? ", --quick (each once, small: not figures to quote)" : "")")
        let clock = ContinuousClock()
        let start = clock.now
        for (index, benchmark) in chosen.enumerated() {
            let about = quick ? "" : " (about \(benchmark.seconds) s)"
            progress("[\(index + 1)/\(chosen.count)] (\(benchmark.letter)) \(benchmark.name)\(about)…")
            let began = clock.now
            for line in await benchmark.run(scale) { print(line) }
            progress("[\(index + 1)/\(chosen.count)] (\(benchmark.letter)) done in \(seconds(clock.now - began))")
        }
        progress("\(chosen.count) benchmarks in \(seconds(clock.now - start))")
        return 0
    }

    /// `feed-bench --help`: the options and every benchmark's letter.
    @MainActor
    static var usage: String {
        let total = benchmarks.map(\.seconds).reduce(0, +)
        return """
            Usage: feed-bench [--quick] [LETTER…]

            Runs the benchmarks (all, or those of the letters given) and prints each one's figures,
            measured side by side in this run. Build with -c release for figures worth quoting.
            A progress line per benchmark goes to stderr.

              --quick      each benchmark once and small (CI; under 2 minutes on 2 cores)
              -h, --help   this help

            Benchmarks (about \(total / 60 + 1) minutes in all on 2 cores):
            """ + "\n" + benchmarks.map { "  \($0.letter)  \($0.name)" }.joined(separator: "\n")
    }

    private static func progress(_ line: String) {
        FileHandle.standardError.write(Data("feed-bench: \(line)\n".utf8))
    }

    private static func seconds(_ duration: Duration) -> String {
        String(format: "%.1f s", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }
}
