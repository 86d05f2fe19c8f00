import Foundation

/// `feed-bench`: prints ratios measured side by side in one run (`swift run -c release feed-bench`).
@main
enum FeedBench {
    @MainActor
    static func main() async {
        #if DEBUG
            print("note: a debug build; run `swift run -c release feed-bench` for figures worth quoting")
        #endif
        print("feed-bench — \(ProcessInfo.processInfo.activeProcessorCount) cores")
        for line in await FeedBenchmarks.appendPages() { print(line) }
        for line in await FeedBenchmarks.likeTap() { print(line) }
        for line in await FeedBenchmarks.tapsDuringSlowRequest() { print(line) }
        for line in await ColdStartBenchmark.run() { print(line) }
        for line in await StoreBenchmarks.run() { print(line) }
        for line in await QueueBenchmarks.run() { print(line) }
        for line in await RenderBenchmark.run() { print(line) }
        for line in await ImageBenchmarks.run() { print(line) }
        for line in await SharedStoreBenchmark.run() { print(line) }
        for line in await TextLayoutBenchmark.run() { print(line) }
    }
}
