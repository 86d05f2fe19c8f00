/// The waits between drain rounds while sends keep failing: exponential from `initial`, capped
/// at `cap`, each spread by ±`jitter` so many clients do not retry in step.
public struct DrainBackoff: Hashable, Sendable {
    /// 1 s, doubling, up to 60 s, ±25 %.
    public static let standard = DrainBackoff()

    /// The wait before the first retry round.
    public var initial: Duration
    /// The longest wait.
    public var cap: Duration
    /// The spread as a fraction of the wait (0…1): 0.25 waits between 75 % and 125 % of it.
    public var jitter: Double

    /// Creates a backoff.
    public init(initial: Duration = .seconds(1), cap: Duration = .seconds(60), jitter: Double = 0.25) {
        self.initial = initial
        self.cap = cap
        self.jitter = jitter
    }

    /// The wait before retry round `step` (1 = the first after a failure): `initial × 2^(step−1)`
    /// up to `cap`, times `1 − jitter + 2 × jitter × random` (`random` in 0…1), never over `cap`;
    /// whole milliseconds.
    public func delay(step: Int, random: Double) -> Duration {
        let spread = min(max(jitter, 0), 1)
        let factor = 1 - spread + 2 * spread * min(max(random, 0), 1)
        let capSeconds = Self.seconds(cap)
        let base = min(Self.seconds(initial) * Double(1 << min(max(step, 1) - 1, 30)), capSeconds)
        return .milliseconds(Int64((min(base * factor, capSeconds) * 1000).rounded()))
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
