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
import OfflineQueue
import Posts
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
    /// The flags as resolved at start, without waiting for the network (`remote` comes from the
    /// cache of the last answer); the watcher refreshes them in the background.
    let flags: ResolvedFlags
    let http: any HTTPClient
    let feed: any FeedRepository
    /// App-scoped: every screen shares its per-post table, so one post never has two likes in flight.
    let likePost: any LikePostUseCase
    /// `persistent-like-queue`: the like outbox, which is then the like use case.
    let queue: OfflineLikeQueue?
    /// `offline-pages`: the saved feed of this user and server.
    let offline: OfflinePages?
    /// `shared-post-store`: the one post store every screen reads.
    let sharedPosts: InMemoryPostStore?
    /// The photos of every screen (memory and disk caches, downloads); `nil` with `--photos off`.
    let photos: ImagePipeline?
    let userData: UserData
    let watcher: RemoteFlagsWatcher
    private let flagsCache: RemoteFlagsCache
    private let likes: RemoteLikesRepository
    private let embedded: FeedServer?
    private let pendingAtStart: [PendingLike]
    private var screens: [FeedViewModel] = []
    private var stores: [any PostStore] = []
    private var pollers: [NewPostsPoller] = []
    private var background: [Task<Void, Never>] = []
    private let killableCache: KillableFeedCache?
    private let likeSwitch: SwitchableLikePostUseCase?
    /// Follow-ups the server switched off while the app runs.
    private(set) var switchedOff: Set<FlagKey> = []
    /// Called when the server switches `shared-post-store` off: an open profile closes.
    var onProfilesOff: @MainActor () -> Void = {}

    private init(_ parts: Parts) {
        options = parts.options
        flags = parts.flags
        http = parts.http
        embedded = parts.embedded
        let killable = parts.offline.map { KillableFeedCache($0.cache) }
        killableCache = killable
        offline = parts.offline.map { OfflinePages(cache: killable ?? $0.cache, saved: $0.saved) }
        queue = parts.queue
        pendingAtStart = parts.pending
        flagsCache = parts.flagsCache
        watcher = parts.watcher
        userData = UserData(parts.options)
        let likes = RemoteLikesRepository(http: http)
        self.likes = likes
        let composite = CompositeFeedRepository(posts: RemotePostsRepository(http: http), likedPosts: likes)
        // With the queue, a page that arrives means the network is back: send what waits.
        feed = parts.queue.map { queue in DrainingFeedRepository(composite) { await queue.drain() } } ?? composite
        let direct = SerialLikePostUseCase(likes: likes, reread: likes)
        likeSwitch = parts.queue.map { SwitchableLikePostUseCase(queue: $0, direct: direct) }
        likePost = likeSwitch ?? direct
        sharedPosts = parts.flags.isOn(FeatureFlagKeys.sharedPostStore) ? InMemoryPostStore(likePost: likePost) : nil
        photos = parts.options.photos ? Self.photoPipeline(parts.options, userData: userData, http: http) : nil
        if let sharedPosts { adopt(sharedPosts) }
    }

    /// Starts the embedded server unless `--server` was given, resolves the flags without waiting
    /// for the network and builds every service the flags ask for. Throws only when the embedded
    /// server cannot start.
    static func start(_ options: HostOptions, registry: FlagRegistry = .standard) async throws -> AppServices {
        let (baseURL, embedded) = try serverAddress(options)
        let http = HTTPTransportClient(configuration: HTTPClientConfiguration(baseURL: baseURL))
        let environment = ProcessInfo.processInfo.environment
        let userData = UserData(options)
        let flagsCache = RemoteFlagsCache(directory: userData.flagsCache, server: baseURL)
        let flags = FlagResolver(registry: registry).resolve(
            commandLine: options.flags, environment: environment, cache: flagsCache,
            configFile: options.flagsFile ?? FlagResolver.standardConfigFile(environment: environment))
        for line in flags.diagnostics { StandardStreams.err("feed: \(line)") }
        var watch = RemoteFlagsWatcher.Configuration()
        watch.interval = options.flagsInterval
        let watcher = RemoteFlagsWatcher(
            flags: flags, client: http, cache: flagsCache, configuration: watch, report: { StandardStreams.err("feed: \($0)") })
        var parts = Parts(options: options, flags: flags, http: http, embedded: embedded, flagsCache: flagsCache, watcher: watcher)
        if flags.isOn(FeatureFlagKeys.offlinePages) {
            parts.offline = await openOfflinePages(userData.feedCache)
        }
        if flags.isOn(FeatureFlagKeys.persistentLikeQueue) {
            parts.queue = await openLikeQueue(userData, likes: RemoteLikesRepository(http: http))
            parts.pending = await parts.queue?.pending() ?? []
        }
        let services = AppServices(parts)
        services.startBackgroundWork()
        return services
    }

    /// The feed screen's view model; every screen made here shares the app's like use case, and
    /// with `shared-post-store` the app's one post store.
    func makeFeedViewModel() -> FeedViewModel {
        let store: any PostStore = sharedPosts ?? adopt(InMemoryPostStore(likePost: likePost))
        let model = FeedViewModel(feed: feed, posts: store, offline: offline)
        screens.append(model)
        return model
    }

    /// The poller of `new-posts-pill` for `model`, polling already; `nil` when the flag is off.
    func makeNewPostsPoller(for model: FeedViewModel) -> NewPostsPoller? {
        guard flags.isOn(FeatureFlagKeys.newPostsPill), !switchedOff.contains(FeatureFlagKeys.newPostsPill) else { return nil }
        let poller = NewPostsPoller(model: model, counter: RemoteNewPostsCounter(http: http), interval: options.pollInterval)
        pollers.append(poller)
        poller.start()
        return poller
    }

    /// The factory of profile screens' view models; `nil` when `shared-post-store` is off, and
    /// answering `nil` once the server switched it off.
    var profileFactory: ((Author) -> ProfileViewModel?)? {
        guard let sharedPosts else { return nil }
        return { [weak self, http, likes] author in
            guard let self, !switchedOff.contains(FeatureFlagKeys.sharedPostStore) else { return nil }
            let posts = RemotePostsRepository(http: http, source: .author(id: author.id))
            return ProfileViewModel(
                author: author, repository: CompositeFeedRepository(posts: posts, likedPosts: likes), posts: sharedPosts)
        }
    }

    /// Returns once every tap so far is recorded by the like use case (with the queue: on disk).
    func waitUntilTapsRecorded() async {
        for store in stores { await store.waitUntilTapsRecorded() }
    }

    /// Likes saved on this device and not yet on the server (0 without the queue).
    func queuedLikes() async -> Int { await queue?.count ?? 0 }

    /// Sends the likes that wait now, returns when none is in flight and the screens show what
    /// settled (within `timeout`); does nothing without the queue.
    func drainLikes(timeout: Duration) async {
        guard let queue else { return }
        let deadline = ContinuousClock.now + timeout
        await queue.drain()
        let remaining = await queue.count
        // The outcomes reach the stores through the events stream: wait until they did.
        while stores.contains(where: { $0.pendingCount > remaining }), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Forgets everything of the user: every screen's rows, the stores, the queue, the photos and
    /// every file on disk. Returns a line for stderr when a file could not be deleted.
    func logout() async -> String? {
        for screen in screens { await screen.logout()?.value }
        for store in stores { store.removeAll() }
        await photos?.removeAll()
        // Remote flags may be aimed at a user: the next one starts from the bundled defaults.
        try? flagsCache.delete()
        var open: Set<URL> = []
        if offline != nil { open.insert(userData.feedCache) }
        if let queue {
            open.insert(userData.likesQueue)
            do { try await queue.deleteAll() } catch { return "feed: logout could not delete the likes waiting to be sent: \(error)" }
        }
        do {
            try userData.delete(keepingOpen: open)
            return nil
        } catch {
            return "feed: logout could not delete \(error.url.path): \(error); delete it by hand"
        }
    }

    /// Stops the background work and the embedded server, if any.
    func stop() {
        for task in background { task.cancel() }
        embedded?.stop()
    }

    /// The server switched these follow-ups off while the app runs: each stops now, without a restart.
    private func switchOff(_ keys: [FlagKey]) {
        for key in keys where switchedOff.insert(key).inserted {
            StandardStreams.err("feed: the server switched \(key) off")
            switch key {
            case FeatureFlagKeys.newPostsPill: for poller in pollers { poller.stop() }
            case FeatureFlagKeys.offlinePages: killableCache?.switchOff()
            case FeatureFlagKeys.persistentLikeQueue: likeSwitch?.stopQueueing()
            case FeatureFlagKeys.sharedPostStore: onProfilesOff()
            default: break
            }
        }
    }

    /// Every post store hears the queue's later outcomes and starts with the likes an earlier run left.
    @discardableResult
    private func adopt<Store: PostStore>(_ store: Store) -> Store {
        store.restorePending(pendingAtStart)
        stores.append(store)
        return store
    }

    private func startBackgroundWork() {
        // The remote flags are fetched once now and then every few minutes, for the next start.
        let watcher = watcher
        background.append(Task { await watcher.run() })
        background.append(Task { [weak self] in
            for await update in watcher.updates { self?.switchOff(update.turnedOff) }
        })
        guard let queue else { return }
        background.append(Task { [weak self] in
            for await event in queue.events() {
                guard let self else { return }
                for store in stores { store.apply(event) }
            }
        })
        Task { await queue.start() }
    }
}
