extension RemoteFlagsWatcher {
    /// How often the watcher asks and how it backs off.
    public struct Configuration: Sendable, Equatable {
        /// The time between two fetches that succeed; at least 1 second, at most 1 day.
        public var interval: Duration
        /// The longest wait after failures (the wait doubles with each failure in a row).
        public var maxBackoff: Duration
        /// The longest `Retry-After` honoured; a longer one is cut to this.
        public var longestRetryAfter: Duration
        /// The time allowed for one request.
        public var requestTimeout: Duration
        /// Whether waits after failures are randomised (half the wait plus up to another half).
        public var jitter: Bool

        /// Every 5 minutes; after failures 2×, 4×… the interval up to 1 hour; `Retry-After` up to 6 hours.
        public init(
            interval: Duration = .seconds(300), maxBackoff: Duration = .seconds(3600),
            longestRetryAfter: Duration = .seconds(6 * 3600), requestTimeout: Duration = .seconds(10),
            jitter: Bool = true
        ) {
            self.interval = interval
            self.maxBackoff = maxBackoff
            self.longestRetryAfter = longestRetryAfter
            self.requestTimeout = requestTimeout
            self.jitter = jitter
        }

        /// The configuration with every value in its range.
        var clamped: Configuration {
            var copy = self
            copy.interval = min(max(interval, .seconds(1)), .seconds(86_400))
            copy.maxBackoff = min(max(maxBackoff, copy.interval), .seconds(7 * 86_400))
            copy.longestRetryAfter = min(max(longestRetryAfter, .seconds(1)), .seconds(7 * 86_400))
            copy.requestTimeout = min(max(requestTimeout, .milliseconds(100)), .seconds(120))
            return copy
        }
    }
}
