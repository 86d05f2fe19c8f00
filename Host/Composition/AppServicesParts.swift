import FeatureFlags
import Feed
import FeedServer
import Foundation
import ImagePipeline
import LikesInterface
import Networking
import OfflineQueue
import Store

/// What `AppServices.start` gathers before the services are built.
struct AppServicesParts {
    var options: HostOptions
    var flags: ResolvedFlags
    var http: any HTTPClient
    var embedded: FeedServer?
    var flagsCache: RemoteFlagsCache
    var watcher: RemoteFlagsWatcher
    var offline: OfflinePages?
    var queue: OfflineLikeQueue?
    var pending: [PendingLike] = []
}

extension AppServices {
    typealias Parts = AppServicesParts

    static func photoPipeline(_ options: HostOptions, userData: UserData, http: any HTTPClient) -> ImagePipeline {
        var configuration = ImagePipelineConfiguration()
        configuration.memoryLimitBytes = options.imageMemoryMB << 20
        configuration.diskDirectory = userData.photoCache
        return ImagePipeline(configuration: configuration, client: http)
    }

    static func serverAddress(_ options: HostOptions) throws -> (URL, FeedServer?) {
        if let server = options.server { return (server, nil) }
        var serverOptions = FeedServerOptions()
        serverOptions.port = 0
        serverOptions.log = options.verbose
        let server = FeedServer(options: serverOptions, log: { StandardStreams.err("server: \($0)") })
        let port = try server.start()
        return (URL(string: "http://127.0.0.1:\(port)")!, server)
    }

    /// The `offline-pages` follow-up: the SQLite cache and what it holds. A cache that cannot be
    /// opened at all is reported and the feed runs without it.
    static func openOfflinePages(_ file: URL) async -> OfflinePages? {
        do {
            let cache = try await SQLiteFeedCache.open(at: file, warn: { StandardStreams.err($0) })
            return OfflinePages(cache: cache, saved: try? await cache.load())
        } catch {
            StandardStreams.err("feed: offline pages are off for this run: cannot open \(file.path): \(error); check --data-dir")
            return nil
        }
    }

    /// The `persistent-like-queue` follow-up: the outbox of this user and server. One that cannot
    /// be opened at all is reported and likes are sent without it this run.
    static func openLikeQueue(_ userData: UserData, likes: any LikesRepository) async -> OfflineLikeQueue? {
        do {
            return try await OfflineLikeQueue.open(
                at: userData.likesQueue, owner: userData.owner, likes: likes, warn: { StandardStreams.err($0) })
        } catch {
            StandardStreams.err("feed: likes are not kept on this device this run: \(error); check --data-dir")
            return nil
        }
    }
}

/// The keys of the follow-ups the host wires.
enum FeatureFlagKeys {
    static let offlinePages: FlagKey = "offline-pages"
    static let sharedPostStore: FlagKey = "shared-post-store"
    static let persistentLikeQueue: FlagKey = "persistent-like-queue"
    static let newPostsPill: FlagKey = "new-posts-pill"
}
