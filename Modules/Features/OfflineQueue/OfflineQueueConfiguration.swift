import Foundation

/// How an `OfflineLikeQueue` sends and waits; the clock, the sleep and the random source are
/// injectable so tests run the backoff schedule without waiting.
public struct OfflineQueueConfiguration: Sendable {
    /// The most sends in flight at once (different posts; one post never has two).
    public var parallelSends: Int
    /// The most intents kept on disk; taps on further posts are sent but not kept.
    public var capacity: Int
    /// The waits between drain rounds while sends fail.
    public var backoff: DrainBackoff
    /// Waits for a duration; returns early when its task is cancelled.
    public var sleep: @Sendable (Duration) async -> Void
    /// A number in 0…1 for the jitter of each wait.
    public var random: @Sendable () -> Double
    /// The time now, for the age of intents.
    public var now: @Sendable () -> Date

    /// Creates a configuration: 4 sends at once, 10,000 intents, 1–60 s backoff, real time.
    public init(
        parallelSends: Int = 4,
        capacity: Int = 10_000,
        backoff: DrainBackoff = .standard,
        sleep: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) },
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.parallelSends = parallelSends
        self.capacity = capacity
        self.backoff = backoff
        self.sleep = sleep
        self.random = random
        self.now = now
    }
}
