import Foundation

/// Times work with the monotonic clock and keeps the median of several runs.
@MainActor
enum Measure {
    /// The median duration of `runs` runs of `body`.
    static func median(runs: Int = 5, _ body: () async -> Void) async -> Duration {
        let clock = ContinuousClock()
        var samples: [Duration] = []
        for _ in 0..<runs {
            let start = clock.now
            await body()
            samples.append(clock.now - start)
        }
        return samples.sorted()[samples.count / 2]
    }

    /// A duration as milliseconds or microseconds, e.g. `12.3 ms`, `850 µs`.
    nonisolated static func format(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        if seconds >= 0.001 { return String(format: "%.2f ms", seconds * 1000) }
        return String(format: "%.2f µs", seconds * 1_000_000)
    }

    /// `a / b` as a ratio, e.g. `10.3×`.
    nonisolated static func ratio(_ a: Duration, _ b: Duration) -> String {
        String(format: "%.2f×", a / b)
    }
}
