import FeedInterface
import Foundation
import LikesInterface
import Observation
import Paging
import PluginInterface
import PostStoreInterface

/// The feed screen's brain: pages into one view state, composed of small parts (paged list, post
/// store, hearts' reads, idle waiters) and the memory a follow-up may give it. Actions take effect at
/// once and return the task doing the rest.
@MainActor @Observable
public final class FeedViewModel {
    /// What the screen draws: the paged list's rows and page states over the rest of the state.
    public var viewState: FeedViewState {
        state.showing(rows: list.rows, first: list.firstPage, next: list.nextPage, isRefreshing: list.isRefreshing, reader: reader?.post)
    }

    /// The view state but for the paged list's part, which `viewState` lays over it.
    var state = FeedViewState.initial
    @ObservationIgnored let posts: any PostStore
    /// What keeps the feed between runs (a follow-up's), if anything does.
    @ObservationIgnored let memory: (any FeedMemory)?
    @ObservationIgnored let list: PagedList<PostID, Cursor, PageAwaitingLikes, PostRow>
    @ObservationIgnored var started = false
    @ObservationIgnored private var likesInFlight = 0
    @ObservationIgnored private let idle = IdleWaiters()
    @ObservationIgnored var refreshFailed = false
    /// The likes reads of pages whose rows show: their hearts are "checking" until theirs ends.
    @ObservationIgnored let hearts = FollowUpReads<PostID, Set<PostID>>()
    @ObservationIgnored let now: @Sendable () -> Date
    /// Where the reader is, as the screen last reported (`nil`: the top); the memory hears each
    /// change while rows show (a refresh or a removed row moves the reader too).
    @ObservationIgnored var reader: FeedPlace? {
        didSet { if started, reader != oldValue, !list.rows.isEmpty { memory?.readerMoved(to: reader) } }
    }
    /// The rows the screen drew last (none before a frame, or headless): what `postsOnScreen` holds first.
    @ObservationIgnored var drawnRows: [PostID] = []
    /// The place the memory kept from an earlier run, restored at launch; the screen starts there.
    @ObservationIgnored public internal(set) var restoredPlace: FeedPlace?
    /// The stamp of the first page in flight, for taking it in place.
    @ObservationIgnored var firstPageStamp: PostStamp?
    /// When the rows shown were last checked with the server (or saved, for saved rows).
    @ObservationIgnored var checkedAt: Date?
    /// The saved feed was too old to show: when it was saved.
    @ObservationIgnored var hiddenSavedAt: Date?
    /// Something failed since the last success: the next success is a return.
    @ObservationIgnored var failedSinceSuccess = false
    /// A later page succeeded after failures: once the answer is in, the first page is revalidated if stale.
    @ObservationIgnored var revalidateAfterAnswer = false
    /// Called on the first success after failures (the network is back), for the follow-ups.
    @ObservationIgnored public var onRecovered: @MainActor () -> Void = {}
    /// Called when the reader reached the last loaded row and waited for the next page, with how long.
    @ObservationIgnored public var onWaitedAtEnd: @MainActor (Duration) -> Void = { _ in }
    /// Since when the reader has been at the last loaded row, waiting for the next page.
    @ObservationIgnored var waitingAtEndSince: ContinuousClock.Instant?
    /// The list started over after an expired cursor: its new first page says so.
    @ObservationIgnored var startingOver = false
    /// The filters every post passes (follow-ups'); `nil`: every post shows.
    @ObservationIgnored let pipeline: (any PostPipeline)?
    /// The pipeline's revision the rows shown were last filtered at.
    @ObservationIgnored var filteredRevision = 0
    /// The pipeline's revision the last page fetched was filtered at (a filter may change its mind
    /// between a page's filtering and its intake).
    @ObservationIgnored let pageFilteredAt = PipelineRevision()

    /// Creates the view model over `posts`, the store its rows' hearts come from; a page loads when the
    /// row `prefetchDistance` from the end appears. With `memory`, the rows it kept show first and
    /// what shows is kept; with `pipeline`, only the posts its filters keep show, and rows it drops later are removed.
    public init(feed: any FeedRepository, posts: any PostStore, memory: (any FeedMemory)? = nil, pipeline: (any PostPipeline)? = nil,
                now: @escaping @Sendable () -> Date = { Date() }, prefetchDistance: Int = 5) {
        self.memory = memory
        self.now = now
        self.pipeline = pipeline
        filteredRevision = pipeline?.revision ?? 0
        let filteredAt = pageFilteredAt
        self.list = PagedList(
            prefetchDistance: prefetchDistance, refreshable: true, fetch: { cursor in
                let page = try await feed.pageAwaitingLikes(after: cursor)
                guard let pipeline else { return page }
                return await MainActor.run {
                    filteredAt.revision = pipeline.revision
                    return pipeline.kept(page)
                }
            },
            ids: { $0.page.posts.map(\.id) }, next: \.page.next, isCursorExpired: { FeedError($0) == .cursorExpired })
        self.posts = posts
        memory?.onIdle = { [weak self] in self?.notifyIfIdle() }
        list.onRequest = { [weak self] first in self?.startPage(first: first) ?? { _, _ in [] } }
        list.onFailure = { [weak self] error, first in self?.failPage(FeedError(error), isFirst: first) }
        list.onAnswer = { [weak self] in
            self?.answered()
            self?.removeFilteredRowsIfChanged()
        }
        // A page reset (an expired cursor, a restarted server) keeps the rows under a reader below the
        // top (the next page goes on from the new session); at the top it replaces them, and says so.
        list.keepsRows = { [weak self] page in
            guard let self else { return false }
            let kept = takeInPlace(page, startedOver: startingOver)
            if kept { startingOver = false }
            return kept
        }
        list.onStartOver = { [weak self] in self?.startingOver = true }
        _ = posts.addObserver { [weak self] in self?.apply($0) }
        pipeline?.observe(self) { [weak self] in self?.removeFilteredRows() }
    }

    /// The position of row `id` in `viewState.rows`, found in constant time.
    public func index(of id: PostID) -> Int? { list.index(of: id) }

    /// No page load, likes read, like request or write of its memory is in flight.
    public var isIdle: Bool { !list.isLoading && hearts.isEmpty && likesInFlight == 0 && memory?.isIdle != false }

    /// The screen appeared: shows the rows its memory kept (unless too old), restores the reader's
    /// place (unless expired), then loads the first page once (unless they are fresh).
    @discardableResult
    public func onAppear() -> Task<Void, Never>? {
        guard !started else { return list.current }
        started = true
        switch memory?.launch(keeping: { [pipeline] in pipeline?.keeps($0) ?? true }) ?? .nothing {
        case .nothing: return list.refresh()
        case .tooOld(let savedAt):
            hiddenSavedAt = savedAt
            return list.refresh()
        case .rows(let saved): return open(with: saved)
        }
    }

    /// Shows `saved` (the posts the filters keep) at once; `nil` when fresh, else the refresh that revalidates them.
    private func open(with saved: SavedRows) -> Task<Void, Never>? {
        let stamp = posts.stamp()
        let page = PageAwaitingLikes(page: FeedPage(posts: saved.posts, next: saved.next), likes: nil)
        list.show(first: page) { page, positions in show(first: page.page, positions, stamp: stamp).rows }
        state.banner = .updated(saved.savedAt)
        checkedAt = saved.savedAt
        if let place = saved.place, list.index(of: place.post) != nil {
            // Past the restore window the feed opens at the top, refreshed.
            guard !saved.placeExpired else { return list.refresh() }
            memory?.restored(place)
            (restoredPlace, reader) = (place, place)
        }
        return saved.isFresh ? nil : list.refresh()
    }

    /// Row `id` appeared on screen: loads the next page when it is `prefetchDistance` from the end.
    @discardableResult
    public func rowAppeared(_ id: PostID) -> Task<Void, Never>? {
        let load = list.rowAppeared(id)
        if waitingAtEndSince == nil, list.isLoading, id == list.rows.last?.id, case .loaded = list.firstPage { waitingAtEndSince = .now }
        return load
    }

    /// Pull to refresh, from the top: always asks the server (a first page seen earlier is older than
    /// its answer); a new paging session starts and the rows stay until the new first page arrives.
    @discardableResult
    public func refresh() -> Task<Void, Never> {
        started = true
        (reader, startingOver) = (nil, false)
        return list.refresh()
    }

    /// Retries what failed: the first page, the next page, or a refresh; `nil` when nothing failed.
    @discardableResult
    public func retry() -> Task<Void, Never>? { list.retry() ?? (refreshFailed ? list.refresh() : nil) }

    /// Forgets everything shown and saved for this user; the screen starts empty.
    @discardableResult
    public func logout() -> Task<Void, Never>? {
        posts.release(list.rows.map(\.id))
        hearts.cancelAll()
        list.reset()
        (started, refreshFailed, state) = (false, false, .initial)
        (reader, restoredPlace, checkedAt, hiddenSavedAt) = (nil, nil, nil, nil)
        let forgotten = memory?.forget()
        notifyIfIdle()
        return forgotten
    }

    /// Flips the heart of `id` at once and sends the wanted state; `nil` when the heart is unknown
    /// or checking (disabled) or the post is not shown.
    @discardableResult
    public func toggleLike(_ id: PostID) -> Task<Void, Never>? {
        guard let current = list.row(id)?.heart.isLiked, let sent = posts.toggleLike(id) else { return nil }
        likesInFlight += 1
        return Task {
            if let message = FeedMessage.after(await sent.value, of: !current) { state.message = message }
            likesInFlight -= 1
            notifyIfIdle()
        }
    }

    /// Clears the latest message.
    public func dismissMessage() { state.message = nil }

    /// Waits until idle or `timeout`; returns whether it became idle. A cancelled caller stops waiting.
    public func waitUntilIdle(timeout: Duration) async -> Bool {
        isIdle ? true : await idle.wait(timeout: timeout)
    }

    func notifyIfIdle() { if isIdle { idle.resumeAll() } }
}
