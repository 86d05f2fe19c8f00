/// When and how long to wait before sending a failed idempotent request again.
public struct RetryPolicy: Hashable, Sendable {
    /// How a computed backoff is randomised so that many clients do not retry in step.
    public enum Jitter: Hashable, Sendable {
        /// A uniformly random wait between zero and the backoff.
        case full
        /// Half the backoff plus a uniformly random wait up to the other half.
        case equal
        /// Exactly the backoff (for tests and tools that need repeatable waits).
        case none
    }

    /// The most retries after the first attempt.
    public var maxRetries: Int
    /// The backoff before the first retry; it doubles with each retry.
    public var baseDelay: Duration
    /// The longest backoff.
    public var maxDelay: Duration
    /// The longest `Retry-After` the client waits for; a longer one fails at once.
    public var maxRetryAfter: Duration
    /// How the backoff is randomised.
    public var jitter: Jitter

    /// Creates a policy.
    public init(
        maxRetries: Int = 2,
        baseDelay: Duration = .milliseconds(200),
        maxDelay: Duration = .seconds(2),
        maxRetryAfter: Duration = .seconds(30),
        jitter: Jitter = .full
    ) {
        self.maxRetries = max(0, maxRetries)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
        self.jitter = jitter
    }

    /// Two retries, 0.2 s doubling up to 2 s with full jitter, `Retry-After` up to 30 s.
    public static let standard = RetryPolicy()

    /// Never retries; a `Retry-After` longer than 30 s still fails with `retryAfterTooLong`.
    public static let none = RetryPolicy(maxRetries: 0)

    /// The wait before retry number `attempt + 1` (`attempt` counts from 0):
    /// `min(maxDelay, baseDelay * 2^attempt)`, then jittered.
    func backoff(attempt: Int, using generator: inout some RandomNumberGenerator) -> Duration {
        let base = max(0, Self.seconds(baseDelay))
        let cap = max(0, Self.seconds(maxDelay))
        let factor = Double(UInt64(1) << UInt64(min(max(0, attempt), 62)))
        let capped = min(cap, base * factor)
        let seconds: Double
        switch jitter {
        case .full:
            seconds = capped > 0 ? Double.random(in: 0...capped, using: &generator) : 0
        case .equal:
            seconds = capped / 2 + (capped > 0 ? Double.random(in: 0...(capped / 2), using: &generator) : 0)
        case .none:
            seconds = capped
        }
        return .seconds(seconds)
    }

    /// `duration` in seconds as a `Double`.
    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
