/// How big the benchmarks run: full (the figures docs/benchmarks.md quotes; all of them within 10
/// minutes on 2 cores) or quick (`--quick`: each once and small, for CI, within 2 minutes).
struct BenchScale: Sendable {
    /// Whether `--quick` was given.
    let isQuick: Bool

    /// `full` normally, `quick` under `--quick`.
    func pick<T>(full: T, quick: T) -> T { isQuick ? quick : full }
}
