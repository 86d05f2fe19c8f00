import FeatureFlags
import Feed
import FeedData
import FeedInterface
import Foundation
import Likes
import LikesInterface
import Networking
import Store
import StoreInterface

/// The composition root: builds each module with constructor injection. A follow-up's factory
/// runs only when its flag is on, so a flag that is off never runs its code or creates its files.
@MainActor
enum FeedComposition {
    /// The feed screen's view model over the session's server.
    static func makeFeedViewModel(session: FeedSession, options: HostOptions) async -> FeedViewModel {
        let posts = RemotePostsRepository(http: session.http)
        let likes = RemoteLikesRepository(http: session.http)
        let feed = CompositeFeedRepository(posts: posts, likedPosts: likes)
        // App-scoped: one use case for the whole process, so every caller shares its per-post table.
        let likePost = SerialLikePostUseCase(likes: likes)
        var offline: OfflinePages?
        if session.flags.isOn(FeatureFlagKeys.offlinePages) {
            offline = await makeOfflinePages(options: options)
        }
        return FeedViewModel(feed: feed, likePost: likePost, offline: offline)
    }

    /// The `offline-pages` follow-up: the SQLite cache for this server and user, and what it holds.
    /// A cache that cannot be opened at all is reported and the feed runs without it.
    static func makeOfflinePages(options: HostOptions) async -> OfflinePages? {
        let file = cacheFile(options)
        do {
            let cache = try SQLiteFeedCache.open(at: file, warn: { StandardStreams.err($0) })
            let saved = try? await cache.load()
            return OfflinePages(cache: cache, saved: saved)
        } catch {
            StandardStreams.err("feed: offline pages are off for this run: cannot open \(file.path): \(error); check --data-dir")
            return nil
        }
    }

    /// Deletes everything stored for the user on the server. Plain file work: no Store code runs.
    /// `keepOpenCache` leaves the database this process has open (it clears itself) and deletes
    /// only the copies moved aside.
    static func forgetUser(options: HostOptions, keepOpenCache: Bool) throws {
        if keepOpenCache {
            try CacheLocation.deleteMovedAside(of: cacheFile(options))
        } else {
            try CacheLocation.deleteFiles(of: cacheFile(options))
        }
    }

    static func cacheFile(_ options: HostOptions) -> URL {
        let directory = CacheLocation.directory(dataDir: options.dataDir, environment: ProcessInfo.processInfo.environment)
        return CacheLocation.file(in: directory, server: options.server, user: options.user)
    }
}

/// The keys of the follow-ups the host wires.
enum FeatureFlagKeys {
    static let offlinePages: FlagKey = "offline-pages"
}
