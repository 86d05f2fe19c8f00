import FeedInterface
import Foundation
import PluginInterface
import OfflinePagesInterface
import TelemetryInterface

/// `offline-pages` switched on: the saved feed the feed screen shows first and saves into.
@MainActor
final class ActiveOfflinePages: ActivePlugin {
    private let cache: KillableFeedCache?
    private let saved: CachedFeed?
    private let file: URL
    private let freshness: FeedFreshness
    private let telemetry: TelemetryTracker

    init(cache: KillableFeedCache?, saved: CachedFeed?, file: URL, freshness: FeedFreshness, telemetry: TelemetryTracker) {
        self.cache = cache
        self.saved = saved
        self.file = file
        self.freshness = freshness
        self.telemetry = telemetry
    }

    /// The saved feed a new feed screen opens with and saves into, each write tracked.
    func feedMemory() -> (any FeedMemory)? {
        cache.map { SavedFeedMemory(cache: TrackedFeedCache(base: $0, telemetry: telemetry), saved: saved, freshness: freshness) }
    }

    /// Nothing more is written; the rows on screen stay.
    func switchOff() { cache?.switchOff() }

    /// The feed screens clear the saved pages at logout; the host must not delete the open file.
    var openFiles: [URL] { cache == nil ? [] : [file] }
}
