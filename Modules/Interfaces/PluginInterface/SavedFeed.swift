import StoreInterface

/// Where the feed's pages are saved, and what an earlier run saved (read before the first frame).
public struct SavedFeed: Sendable {
    /// Where pages are saved.
    public let cache: any FeedCache
    /// The feed saved by an earlier run, if any.
    public let saved: CachedFeed?

    /// Creates the handle.
    public init(cache: any FeedCache, saved: CachedFeed?) {
        self.cache = cache
        self.saved = saved
    }
}
