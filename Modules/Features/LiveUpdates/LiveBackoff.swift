/// The wait before reopening the stream after `failures` failures in a row: `base` doubled each
/// time up to `cap`, with full jitter over its upper half so that clients do not come back together.
struct LiveBackoff: Sendable {
    let base: Duration
    let cap: Duration

    /// The wait after `failures` (1 or more) failures, with `random` a value in 0…1.
    func wait(after failures: Int, random: Double) -> Duration {
        let ceiling = min(cap, base * (1 << min(max(0, failures - 1), 16)))
        return ceiling * (0.5 + 0.5 * min(1, max(0, random)))
    }
}
