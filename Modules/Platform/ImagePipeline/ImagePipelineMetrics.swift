/// A snapshot of what the pipeline did and holds.
public struct ImagePipelineMetrics: Hashable, Sendable {
    /// Requests answered from memory.
    public var memoryHits = 0
    /// Requests that had to go to disk or the network.
    public var memoryMisses = 0
    /// Photos read from disk while still fresh.
    public var diskHits = 0
    /// Requests sent to the network (revalidations included).
    public var downloads = 0
    /// Revalidations answered 304 Not Modified.
    public var notModified = 0
    /// Bytes of photo bodies received.
    public var downloadedBytes = 0
    /// Loads that failed (cancellations excluded).
    public var failures = 0
    /// Decodes done.
    public var decodes = 0
    /// The time all decodes took together.
    public var decodeTime: Duration = .zero
    /// Bytes of decoded pixels in memory now.
    public var memoryBytes = 0
    /// The memory limit.
    public var memoryLimitBytes = 0
    /// Decoded images in memory now.
    public var memoryCount = 0
    /// Bytes of photo files on disk now.
    public var diskBytes = 0
    /// The disk limit.
    public var diskLimitBytes = 0
    /// Photo files on disk now.
    public var diskCount = 0
    /// Why the disk cache is off, when it could not be used.
    public var diskProblem: String?

    /// Creates empty metrics.
    public init() {}

    /// The share of requests answered from memory, 0...1 (0 before any request).
    public var memoryHitRate: Double {
        let total = memoryHits + memoryMisses
        return total == 0 ? 0 : Double(memoryHits) / Double(total)
    }

    /// The mean time of one decode.
    public var averageDecodeTime: Duration {
        decodes == 0 ? .zero : decodeTime / decodes
    }
}
