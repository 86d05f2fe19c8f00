import StoreInterface

/// Where the feed's pages are saved, and what an earlier run saved (read before the first frame).
public struct SavedFeed: Sendable {
    /// Where pages are saved.
    public let cache: any FeedCache
    /// The feed saved by an earlier run, if any.
    public let saved: CachedFeed?
    /// How far the saved feed is trusted by age.
    public let freshness: FeedFreshness

    /// Creates the handle.
    public init(cache: any FeedCache, saved: CachedFeed?, freshness: FeedFreshness = .always) {
        self.cache = cache
        self.saved = saved
        self.freshness = freshness
    }
}
