import Foundation
import PluginInterface
import StoreInterface

/// `offline-pages` switched on: the saved feed the feed screen shows first and saves into.
@MainActor
final class ActiveOfflinePages: ActivePlugin {
    private let cache: KillableFeedCache?
    private let saved: CachedFeed?
    private let file: URL
    private let freshness: FeedFreshness

    init(cache: KillableFeedCache?, saved: CachedFeed?, file: URL, freshness: FeedFreshness) {
        self.cache = cache
        self.saved = saved
        self.file = file
        self.freshness = freshness
    }

    var savedFeed: SavedFeed? { cache.map { SavedFeed(cache: $0, saved: saved, freshness: freshness) } }

    /// Nothing more is written; the rows on screen stay.
    func switchOff() { cache?.switchOff() }

    /// The feed screens clear the saved pages at logout; the host must not delete the open file.
    var openFiles: [URL] { cache == nil ? [] : [file] }
}
