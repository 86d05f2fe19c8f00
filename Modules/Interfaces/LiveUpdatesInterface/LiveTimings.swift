/// The clocks and bounds of the live stream; tests shorten the clocks.
public struct LiveTimings: Hashable, Sendable {
    /// No byte for this long (the server sends a comment every 15 s): the connection is dropped and reopened.
    public var idleTimeout: Duration = .seconds(45)
    /// The first wait before reopening a failed stream; it doubles up to `maxBackoff`, with jitter.
    public var backoff: Duration = .milliseconds(500)
    /// The longest wait before reopening.
    public var maxBackoff: Duration = .seconds(30)
    /// A stream open this long was healthy: the backoff starts over after it ends. One that ends
    /// sooner (a server that closes at once) counts as a failure, and the waits keep growing.
    public var healthyAfter: Duration = .seconds(10)
    /// Events are applied at most once per frame.
    public var frame: Duration = .milliseconds(16)
    /// The longest line and the largest event accepted (bytes); more drops the connection.
    public var maxLineBytes = 64 << 10
    /// The most posts whose counts are read again after each (re)connect.
    public var refetchLimit = 500

    /// The defaults: 45 s, 0.5 s to 30 s (from the start again after 10 s open), 16 ms, 64 KB, 500 posts.
    public init() {}
}
