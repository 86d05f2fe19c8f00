import TelemetryInterface

/// The store `offline-pages` writes (team `storage`): its writes are `store_write` events of the cache.
extension TelemetryEvent.Store {
    /// The saved pages (`SQLiteFeedCache`'s file), whose writes `TrackedFeedCache` tracks.
    static let cache = Self("cache")
}
