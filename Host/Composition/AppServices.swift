import FeatureFlags
import Feed
import FeedData
import FeedInterface
import FeedServer
import Foundation
import ImagePipeline
import Likes
import LikesInterface
import Mastodon
import Networking
import PluginInterface
import PluginKit
import Posts
import PostStoreInterface
import TelemetryInterface

/// The composition root's app-scoped services, built once per process: the server connection,
/// the HTTP client, the flags, the repositories, the one like use case, the photos, and the
/// follow-ups of the plugin list whose flag is on. Screens are made by factories that take them.
/// A follow-up is activated only when its flag is on, so a flag that is off never runs its code
/// or creates its files. This type names no follow-up.
@MainActor
final class AppServices {
    let options: HostOptions
    /// The flags as resolved at start, without waiting for the network (`remote` comes from the
    /// cache of the last answer); the watcher refreshes them in the background.
    let flags: ResolvedFlags
    let http: any HTTPClient
    /// The feed, as the follow-ups wrapped it.
    private(set) var feed: any FeedRepository
    /// App-scoped: every screen shares its per-post table, so one post never has two likes in flight.
    private(set) var likePost: any LikePostUseCase
    /// The photos of every screen (memory and disk caches, downloads); `nil` with `--photos off`.
    let photos: ImagePipeline?
    /// Opens a post's photo in the system's viewer (`o`), through `photos` (with `--photos off`, a
    /// pipeline of its own on the same disk cache, made at the first photo opened).
    let photoViewer: SystemPhotoViewer
    let userData: UserData
    let watcher: RemoteFlagsWatcher
    /// The app's telemetry: a tracker per owning team, started after the first frame.
    let telemetry: AppTelemetry
    /// The follow-ups: the plugin list, the active ones and what they share.
    let followUps: PluginHost
    /// Called when a photo arrives, so the screen shown is drawn again.
    var onPhoto: @MainActor () -> Void = {}
    /// Whether photos are drawn where the screens run (colour, no `--ascii`).
    var drawsPhotos = true
    private let flagsCache: RemoteFlagsCache
    /// The repositories of the API the server speaks.
    private let repositories: APIRepositories
    private let embedded: FeedServer?
    private var screens: [FeedViewModel] = []
    private var stores: [any PostStore] = []
    private var background: [Task<Void, Never>] = []

    private init(_ parts: AppServicesParts, plugins: [any FeaturePlugin]) {
        options = parts.options
        flags = parts.flags
        http = parts.http
        embedded = parts.embedded
        flagsCache = parts.flagsCache
        watcher = parts.watcher
        telemetry = parts.telemetry
        userData = UserData(parts.options)
        followUps = PluginHost(plugins: plugins)
        let repositories = APIRepositories(api: parts.options.api, timeline: parts.timeline, onlyPhotos: parts.options.onlyPhotos, http: http)
        self.repositories = repositories
        feed = repositories.feed
        likePost = SerialLikePostUseCase(likes: repositories.likes, reread: repositories.likes)
        let photos = parts.options.photos ? Self.photoPipeline(parts.options, userData: userData, http: http) : nil
        self.photos = photos
        let (photoCache, http) = (userData.photoCache, http)
        photoViewer = SystemPhotoViewer(environment: ProcessInfo.processInfo.environment) {
            photos ?? Self.openingPipeline(diskDirectory: photoCache, http: http)
        }
    }

    /// Starts the embedded server unless `--server` was given, resolves the flags without waiting
    /// for the network and activates every follow-up whose flag is on. Throws only when the
    /// embedded server cannot start.
    static func start(_ options: HostOptions, plugins: [any FeaturePlugin] = PluginList.all) async throws -> AppServices {
        let started = ContinuousClock.now
        let (baseURL, embedded) = try serverAddress(options)
        let environment = ProcessInfo.processInfo.environment
        var options = options
        let found = options.api == .auto
        if found { options.api = await resolveAPI(baseURL, timeout: options.requestTimeout) }
        // The server's own sign-in first; FEED_TOKEN only where the user named the API, never for
        // a server that merely answered `--api auto`'s question (it could be anyone's).
        let token = options.api == .mastodon
            ? storedToken(baseURL, options: options, environment: environment) ?? (found ? nil : environmentToken(environment)) : nil
        if options.api == .mastodon, options.timeline == .home, token == nil, options.server != nil { throw NeedsSignIn(server: options.server) }
        let transport = HTTPTransportClient(configuration: HTTPClientConfiguration(
            baseURL: baseURL, timeout: options.requestTimeout, tokens: token, totalDeadline: options.requestTimeout))
        let counting = CountingHTTPClient(base: transport)
        let http: any HTTPClient = counting
        let userData = UserData(options)
        let settings = TelemetrySettings.resolve(
            commandLine: options.telemetry, environment: environment,
            flagsFile: options.flagsFile ?? FlagResolver.standardConfigFile(environment: environment))
        if let line = settings.diagnostic { StandardStreams.err(line) }
        let telemetry = AppTelemetry(
            settings: settings, options: options, userData: userData, http: transport, counting: counting, started: started)
        let flagsCache = RemoteFlagsCache(directory: userData.flagsCache, server: baseURL)
        let flags = FlagResolver(registry: PluginFlags.registry(plugins)).resolve(
            commandLine: options.flags, environment: environment, cache: flagsCache,
            configFile: options.flagsFile ?? FlagResolver.standardConfigFile(environment: environment))
        for line in flags.diagnostics { StandardStreams.err("feed: \(line)") }
        var watch = RemoteFlagsWatcher.Configuration()
        watch.interval = options.flagsInterval
        let watcher = RemoteFlagsWatcher(
            flags: flags, client: http, cache: flagsCache, configuration: watch, report: { StandardStreams.err("feed: \($0)") })
        let parts = AppServicesParts(
            options: options, flags: flags, http: http, embedded: embedded, flagsCache: flagsCache, watcher: watcher, telemetry: telemetry,
            timeline: options.timeline ?? (token == nil ? .public : .home))
        let services = AppServices(parts, plugins: plugins)
        await services.activatePlugins()
        services.startBackgroundWork()
        return services
    }

    /// Activates the follow-ups whose flag is on, then lets each wrap the feed and the like use case.
    private func activatePlugins() async {
        // The platform services a follow-up takes by type: the app's one HTTP client, and photo loaders.
        followUps.services.offer(http, as: (any HTTPClient).self)
        followUps.services.offer(ImageRowLoaders<PostID> { [unowned self] in photoLoader() })
        // The API's live stream, when it is not the feed API's (live-updates speaks that one by default).
        if let live = repositories.live { followUps.services.offer(live, as: (any LiveStreamDialect).self) }
        await followUps.activate(flags: flags, api: options.api.rawValue) { [unowned self] in pluginContext(for: $0) }
        (likePost, feed) = followUps.active.wrap(likePost: likePost, feed: feed)
        // Outermost, so telemetry sees what the screens see: taps go to the like queue a follow-up
        // offered, else through the like use case.
        if let queued = followUps.services.service((any QueuedLikePostUseCase).self) {
            followUps.services.offer(TrackedQueuedLikePostUseCase(base: queued, telemetry: telemetry.tracker("likes")), as: (any QueuedLikePostUseCase).self)
        }
        likePost = TrackedLikePostUseCase(base: likePost, telemetry: telemetry.tracker("likes"))
        feed = TrackedFeedRepository(base: feed, telemetry: telemetry.tracker("feed"), started: telemetry.started)
    }

    /// The services the follow-up of `flag` is given: its telemetry and warnings carry its owning team.
    private func pluginContext(for flag: PluginFlag) -> PluginContext {
        let likes = repositories.likes
        let tracker = telemetry.tracker(flag.owner)
        return PluginContext(
            likes: likes,
            authorPosts: repositories.authorPosts,
            newPosts: repositories.newPosts,
            extensions: { [active = followUps.active] screen in active.extensions(for: screen).map(\.extension) },
            makePostStore: { [unowned self] in newPostStore() },
            files: userData.pluginFiles, option: { [options] in options.value(of: $0) },
            ascii: options.ascii, symbols: options.blockSymbols, background: options.background,
            warn: { line in
                StandardStreams.err(line)
                tracker.track(.error(code: flag.key, message: line))
            }, newPostsRelay: followUps.newPostsRelay,
            refreshFlags: { [watcher] in Task { _ = await watcher.refreshOnce() } },
            telemetry: tracker, photoOpener: photoViewer, services: followUps.services, postPipeline: followUps.postPipeline, fileChanges: followUps.fileChanges,
            optionText: { [options] in options.text(of: $0) })
    }

    /// A post store over the app's like use case and the like queue a follow-up offered, if any.
    private func newPostStore() -> InMemoryPostStore {
        InMemoryPostStore(likePost: likePost, queue: followUps.services.service((any QueuedLikePostUseCase).self))
    }

    /// A photo loader for one screen (each screen cancels its own rows' loads); `nil` when photos
    /// are off or cannot be drawn.
    func photoLoader() -> ImageRowLoader<PostID>? {
        guard drawsPhotos, let photos else { return nil }
        return ImageRowLoader(pipeline: photos) { [weak self] _ in self?.onPhoto() }
    }

    /// The feed screen's view model; every screen made here shares the app's like use case, and
    /// the post store a follow-up shares, if one does.
    func makeFeedViewModel() -> FeedViewModel {
        let memory = followUps.active.feedMemory()
        if memory?.hasSavedRows == true { telemetry.showsSavedFeed = true }
        let model = FeedViewModel(feed: feed, posts: makeStore(), memory: memory, pipeline: followUps.postPipeline)
        // The network is back after failures: the follow-ups catch up (the model revalidates itself).
        model.onRecovered = { [active = followUps.active] in active.returned() }
        let feedTelemetry = telemetry.tracker("feed")
        model.onWaitedAtEnd = { feedTelemetry.track(.endOfRows(waitMilliseconds: $0.milliseconds)) }
        screens.append(model)
        return model
    }

    /// The reader came back (SIGCONT, headless `show`): each feed revalidates if older than
    /// `--fresh-for`, and every follow-up catches up (the outbox sent, the pill polled).
    func returned() {
        for screen in screens { screen.returned() }
        followUps.active.returned()
    }

    /// Saves each feed's place beside its saved pages (quit, suspend); returns once written.
    func savePlaces() async {
        for screen in screens { await screen.savePlace()?.value }
    }

    /// A post store for a new screen: the one a follow-up shares, else one of its own.
    private func makeStore() -> any PostStore {
        let store = followUps.active.sharedStore() ?? newPostStore()
        if !stores.contains(where: { $0 === store }) {
            stores.append(store)
            followUps.active.adopt(store)
        }
        return store
    }

    /// Returns once every tap so far is recorded by the like use case (with a queue: on disk).
    func waitUntilTapsRecorded() async {
        for store in stores { await store.waitUntilTapsRecorded() }
    }

    /// Whether quitting must wait for likes in flight: no follow-up keeps them on this device.
    var waitsForLikesOnQuit: Bool { !followUps.active.keepLikes }

    /// Forgets everything of the user: every screen's rows, the stores, the follow-ups' state, the
    /// photos and every file on disk. Returns a line for stderr when a file could not be deleted.
    func logout() async -> String? {
        for screen in screens { await screen.logout()?.value }
        for store in stores { store.removeAll() }
        await photos?.removeAll()
        // Remote flags may be aimed at a user: the next one starts from the bundled defaults.
        try? flagsCache.delete()
        if let problem = await telemetry.logout() { return problem }
        let (problem, open) = await followUps.active.logout()
        if let problem { return problem }
        do {
            try userData.delete(files: pluginFiles + [telemetry.files.queue], keepingOpen: open)
            return nil
        } catch {
            return "feed: logout could not delete \(error.url.path): \(error); delete it by hand"
        }
    }

    /// Every file the follow-ups keep for this user, on or off.
    var pluginFiles: [URL] { followUps.files(userData.pluginFiles) }

    /// Tracks the run's last figures and writes (with `on`, sends) the telemetry, waiting 2 s at most.
    func finishTelemetry() async {
        await telemetry.finish(photos: photos?.metrics())
    }

    /// Tells every active follow-up the app is ending (2 s at most for all); returns whether all finished.
    @discardableResult
    func shutdownPlugins(timeout: Duration = .seconds(2)) async -> Bool { await followUps.active.shutdown(timeout: timeout) }

    /// Stops the background work and the embedded server, if any.
    func stop() {
        for task in background { task.cancel() }
        followUps.stop()
        embedded?.stop()
    }

    private func startBackgroundWork() {
        // The remote flags are fetched once now and then every few minutes, for the next start.
        let watcher = watcher
        // Remote flags are the feed API's (`GET /v1/flags`); a Mastodon server has none.
        if options.api == .feed { background.append(Task { await watcher.run() }) }
        background.append(Task { [active = followUps.active] in
            for await update in watcher.updates { active.switchOff(update.turnedOff) }
        })
        followUps.start()
    }
}
