import Foundation
import ImageCodec

/// The limits and places of an `ImagePipeline`.
public struct ImagePipelineConfiguration: Sendable {
    /// The most bytes of decoded pixels kept in memory; 0 keeps none.
    public var memoryLimitBytes: Int
    /// Where encoded photos are kept between runs (e.g. `$XDG_CACHE_HOME/feed/images`); nil keeps none.
    public var diskDirectory: URL?
    /// The most bytes of photo files kept on disk.
    public var diskLimitBytes: Int
    /// The most photo files kept on disk.
    public var diskEntryLimit: Int
    /// The most downloads at once.
    public var maxConcurrentDownloads: Int
    /// The largest photo accepted, in bytes; a larger answer fails with `tooLarge`.
    public var maxPhotoBytes: Int
    /// The decoder (JPEG or PNG by the first bytes) and its budgets per photo against hostile files.
    public var decoder: PhotoDecoder
    /// The threads that decode (off the Swift concurrency pool), 1...4.
    public var decodeThreads: Int
    /// The most photos waiting to be decoded; past it the least urgent is refused with `decoderBusy`.
    public var maxQueuedDecodes: Int
    /// The most bytes of files waiting to be decoded (a single larger file may still wait alone).
    public var maxQueuedDecodeBytes: Int
    /// The most photo files kept for viewers (`ImagePipeline.originalFile`), beside the disk cache.
    public var originalFileLimit: Int
    /// The time freshness is judged by (tests move it).
    public var now: @Sendable () -> Date

    /// Creates a configuration; every number is clamped to a sane range.
    public init(
        memoryLimitBytes: Int = 16 << 20,
        diskDirectory: URL? = nil,
        diskLimitBytes: Int = 128 << 20,
        diskEntryLimit: Int = 4096,
        maxConcurrentDownloads: Int = 4,
        maxPhotoBytes: Int = 8 << 20,
        decoder: PhotoDecoder = PhotoDecoder(),
        decodeThreads: Int = 2,
        maxQueuedDecodes: Int = 32,
        maxQueuedDecodeBytes: Int = 64 << 20,
        originalFileLimit: Int = 8,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.memoryLimitBytes = max(0, memoryLimitBytes)
        self.diskDirectory = diskDirectory
        self.diskLimitBytes = max(0, diskLimitBytes)
        self.diskEntryLimit = min(100_000, max(1, diskEntryLimit))
        self.maxConcurrentDownloads = min(64, max(1, maxConcurrentDownloads))
        self.maxPhotoBytes = max(1, maxPhotoBytes)
        self.decoder = decoder
        self.decodeThreads = min(4, max(1, decodeThreads))
        self.maxQueuedDecodes = min(1024, max(1, maxQueuedDecodes))
        self.maxQueuedDecodeBytes = max(1, maxQueuedDecodeBytes)
        self.originalFileLimit = min(1024, max(1, originalFileLimit))
        self.now = now
    }

    /// `$XDG_CACHE_HOME/feed/images`, or `$HOME/.cache/feed/images` when XDG_CACHE_HOME is unset
    /// or not absolute (per the XDG base directory spec); nil when neither gives an absolute path.
    public static func defaultDiskDirectory(environment: [String: String]) -> URL? {
        let base: String
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            base = cache
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = home + "/.cache"
        } else {
            return nil
        }
        return URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent("feed/images", isDirectory: true)
    }
}
