import Database
import FeatureFlags
import Feed
import FeedData
import FeedInterface
import FeedServer
import Foundation
import ImagePipeline
import Likes
import LikesInterface
import Networking
import Profile
import Store
import StoreInterface

/// The composition root's app-scoped services, built once per process: the server connection,
/// the HTTP client, the flags, the repositories, the one like use case and the follow-ups' stores.
/// Screens are made by factories that take them. A follow-up's parts are built only when its flag
/// is on, so a flag that is off never runs its code or creates its files.
@MainActor
final class AppServices {
    let options: HostOptions
    let flags: ResolvedFlags
    let http: any HTTPClient
    let feed: any FeedRepository
    /// App-scoped: every screen shares its per-post table, so one post never has two likes in flight.
    let likePost: any LikePostUseCase
    /// `offline-pages`: the saved feed of this user and server.
    let offline: OfflinePages?
    /// `shared-post-store`: the one post store every screen reads.
    let sharedPosts: SharedPostStore?
    /// The photos of every screen (memory and disk caches, downloads); `nil` with `--photos off`.
    let photos: ImagePipeline?
    let userData: UserData
    private let likes: RemoteLikesRepository
    private let embedded: FeedServer?
    private var screens: [FeedViewModel] = []

    private init(
        options: HostOptions, flags: ResolvedFlags, http: any HTTPClient, embedded: FeedServer?, offline: OfflinePages?
    ) {
        self.options = options
        self.flags = flags
        self.http = http
        self.embedded = embedded
        self.offline = offline
        self.userData = UserData(options)
        let posts = RemotePostsRepository(http: http)
        let likes = RemoteLikesRepository(http: http)
        self.likes = likes
        self.feed = CompositeFeedRepository(posts: posts, likedPosts: likes)
        let likePost = SerialLikePostUseCase(likes: likes, reread: likes)
        self.likePost = likePost
        self.sharedPosts = flags.isOn(FeatureFlagKeys.sharedPostStore) ? SharedPostStore(likePost: likePost) : nil
        self.photos = options.photos ? Self.photoPipeline(options, userData: userData, http: http) : nil
    }

    /// Starts the embedded server unless `--server` was given, resolves the flags and builds every
    /// service the flags ask for. Throws only when the embedded server cannot start.
    static func start(_ options: HostOptions, registry: FlagRegistry = .standard) async throws -> AppServices {
        let (baseURL, embedded) = try serverAddress(options)
        let http = HTTPTransportClient(configuration: HTTPClientConfiguration(baseURL: baseURL))
        let environment = ProcessInfo.processInfo.environment
        let flags = await FlagResolver(registry: registry).resolve(
            commandLine: options.flags, environment: environment, remote: http,
            configFile: options.flagsFile ?? FlagResolver.standardConfigFile(environment: environment))
        for line in flags.diagnostics { StandardStreams.err("feed: \(line)") }
        var offline: OfflinePages?
        if flags.isOn(FeatureFlagKeys.offlinePages) {
            offline = await openOfflinePages(UserData(options).feedCache)
        }
        return AppServices(options: options, flags: flags, http: http, embedded: embedded, offline: offline)
    }

    /// The feed screen's view model; every screen made here shares the app's like use case, and
    /// with `shared-post-store` the app's one post store.
    func makeFeedViewModel() -> FeedViewModel {
        let model = sharedPosts.map { FeedViewModel(feed: feed, posts: $0, offline: offline) }
            ?? FeedViewModel(feed: feed, likePost: likePost, offline: offline)
        screens.append(model)
        return model
    }

    /// The factory of profile screens' view models; `nil` when `shared-post-store` is off.
    var profileFactory: ((Author) -> ProfileViewModel)? {
        guard let sharedPosts else { return nil }
        return { [http, likes] author in
            let posts = RemotePostsRepository(http: http, source: .author(id: author.id))
            return ProfileViewModel(
                author: author, repository: CompositeFeedRepository(posts: posts, likedPosts: likes), posts: sharedPosts)
        }
    }

    /// Forgets everything of the user: every screen's rows, the open stores (cleared through their
    /// connections) and every file on disk. Returns a line for stderr when a file could not be deleted.
    func logout() async -> String? {
        for screen in screens { await screen.logout()?.value }
        sharedPosts?.removeAll()
        await photos?.removeAll()
        let open: Set<URL> = offline == nil ? [] : [userData.feedCache]
        do {
            try userData.delete(keepingOpen: open)
            return nil
        } catch {
            return "feed: logout could not delete \(error.url.path): \(error); delete it by hand"
        }
    }

    /// Stops the embedded server, if any.
    func stop() {
        embedded?.stop()
    }

    private static func photoPipeline(_ options: HostOptions, userData: UserData, http: any HTTPClient) -> ImagePipeline {
        var configuration = ImagePipelineConfiguration()
        configuration.memoryLimitBytes = options.imageMemoryMB << 20
        configuration.diskDirectory = userData.photoCache
        return ImagePipeline(configuration: configuration, client: http)
    }

    private static func serverAddress(_ options: HostOptions) throws -> (URL, FeedServer?) {
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
    private static func openOfflinePages(_ file: URL) async -> OfflinePages? {
        do {
            let cache = try await SQLiteFeedCache.open(at: file, warn: { StandardStreams.err($0) })
            return OfflinePages(cache: cache, saved: try? await cache.load())
        } catch {
            StandardStreams.err("feed: offline pages are off for this run: cannot open \(file.path): \(error); check --data-dir")
            return nil
        }
    }
}

/// The keys of the follow-ups the host wires.
enum FeatureFlagKeys {
    static let offlinePages: FlagKey = "offline-pages"
    static let sharedPostStore: FlagKey = "shared-post-store"
}
