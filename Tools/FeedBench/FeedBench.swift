import Foundation

/// `feed-bench`: prints ratios measured side by side in one run (`swift run -c release feed-bench`).
/// `feed-bench d g` runs only the benchmarks of those letters.
@main
enum FeedBench {
    /// Each benchmark's letter(s) in the output, and how to run it.
    @MainActor
    static let benchmarks: [(letters: Set<String>, run: () async -> [String])] = [
        (["a"], FeedBenchmarks.appendPages),
        (["b"], FeedBenchmarks.likeTap),
        (["c"], FeedBenchmarks.tapsDuringSlowRequest),
        (["d"], ColdStartBenchmark.run),
        (["e"], StoreBenchmarks.run),
        (["j"], QueueBenchmarks.run),
        (["f"], RenderBenchmark.run),
        (["g"], ImageBenchmarks.run),
        (["h"], SharedStoreBenchmark.run),
        (["i"], TextLayoutBenchmark.run),
        (["k"], PhotoScrollBenchmark.run),
        (["l"], FirstRowsBenchmark.run),
        (["n"], LiveBenchmark.run),
        (["m"], FidelityBenchmark.run),
        (["t"], TelemetryBenchmarks.firstContent),
        (["u"], TelemetryBenchmarks.frameWhileTracking),
    ]

    /// Runs the main actor on the process's main thread, in its run loop (not on whichever worker
    /// thread drains the main queue after an async `main`), so a main-thread CPU clock counts all
    /// of the main actor's work and nothing else (`feed-bench n`).
    static func main() {
        Task { @MainActor in
            await run()
            exit(0)
        }
        RunLoop.main.run()
    }

    @MainActor
    private static func run() async {
        #if DEBUG
            print("note: a debug build; run `swift run -c release feed-bench` for figures worth quoting")
        #endif
        let only = Set(CommandLine.arguments.dropFirst().map { $0.lowercased() })
        print("feed-bench — \(ProcessInfo.processInfo.activeProcessorCount) cores")
        for benchmark in benchmarks where only.isEmpty || !benchmark.letters.isDisjoint(with: only) {
            for line in await benchmark.run() { print(line) }
        }
    }
}
