import StoreInterface

/// The `offline-pages` follow-up as the view model sees it: where pages are saved, and what was
/// saved when the screen was built (read before the first frame, so it shows at once).
public struct OfflinePages: Sendable {
    /// Where pages are saved.
    public let cache: any FeedCache
    /// The feed saved by an earlier run, if any.
    public let saved: CachedFeed?

    /// Creates the follow-up's handle.
    public init(cache: any FeedCache, saved: CachedFeed?) {
        self.cache = cache
        self.saved = saved
    }
}
