import Testing
@testable import Networking

@Suite("RetryPolicy backoff")
struct RetryPolicyTests {
    @Test func backoffDoublesUpToTheCap() {
        let policy = RetryPolicy(baseDelay: .milliseconds(200), maxDelay: .seconds(2), jitter: .none)
        var generator = SystemRandomNumberGenerator()
        let waits = (0..<6).map { policy.backoff(attempt: $0, using: &generator) }
        let milliseconds = waits.map { Int((RetryPolicy.seconds($0) * 1000).rounded()) }
        #expect(milliseconds == [200, 400, 800, 1600, 2000, 2000])
    }

    @Test func fullJitterStaysBetweenZeroAndTheBackoff() {
        let policy = RetryPolicy(jitter: .full)
        var generator = SystemRandomNumberGenerator()
        for attempt in 0..<5 {
            let cap = min(2.0, 0.2 * Double(1 << attempt))
            for _ in 0..<50 {
                let wait = RetryPolicy.seconds(policy.backoff(attempt: attempt, using: &generator))
                #expect(wait >= 0 && wait <= cap + 1e-9)
            }
        }
    }

    @Test func equalJitterKeepsAtLeastHalf() {
        let policy = RetryPolicy(jitter: .equal)
        var generator = SystemRandomNumberGenerator()
        for attempt in 0..<5 {
            let cap = min(2.0, 0.2 * Double(1 << attempt))
            for _ in 0..<50 {
                let wait = RetryPolicy.seconds(policy.backoff(attempt: attempt, using: &generator))
                #expect(wait >= cap / 2 - 1e-9 && wait <= cap + 1e-9)
            }
        }
    }

    @Test func presets() {
        #expect(RetryPolicy.standard.maxRetries == 2)
        #expect(RetryPolicy.standard.baseDelay == .milliseconds(200))
        #expect(RetryPolicy.standard.maxDelay == .seconds(2))
        #expect(RetryPolicy.standard.maxRetryAfter == .seconds(30))
        #expect(RetryPolicy.standard.jitter == .full)
        #expect(RetryPolicy.none.maxRetries == 0)
        #expect(RetryPolicy(maxRetries: -3).maxRetries == 0)
    }
}
