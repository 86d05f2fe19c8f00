import FeedInterface
import Foundation
import LikesInterface
import Observation
import Paging
import PluginInterface
import StoreInterface

/// The feed screen's brain: pages into one view state, composed of small parts (paged list, post store, cache
/// writer, idle waiters). Actions take effect at once and return the task doing the rest.
@MainActor @Observable
public final class FeedViewModel {
    /// What the screen draws: the paged list's rows and page states over the rest of the state.
    public var viewState: FeedViewState {
        state.showing(rows: list.rows, first: list.firstPage, next: list.nextPage, isRefreshing: list.isRefreshing, reader: reader?.post)
    }

    /// The view state but for the paged list's part, which `viewState` lays over it.
    var state = FeedViewState.initial
    @ObservationIgnored let posts: any PostStore
    @ObservationIgnored let cache: FeedCacheWriter?
    @ObservationIgnored let list: PagedList<PostID, Cursor, PageAwaitingLikes, PostRow>
    @ObservationIgnored var started = false
    @ObservationIgnored private var likesInFlight = 0
    @ObservationIgnored private let idle = IdleWaiters()
    @ObservationIgnored var refreshFailed = false
    /// The likes reads of pages whose rows show: their hearts are "checking" until theirs ends.
    @ObservationIgnored let hearts = FollowUpReads<PostID, Set<PostID>>()
    /// How far the saved feed is trusted by age.
    @ObservationIgnored let freshness: FeedFreshness
    @ObservationIgnored let now: @Sendable () -> Date
    /// Where the reader is, as the screen last reported (`nil`: the top).
    @ObservationIgnored var reader: FeedPlace?
    /// The place an earlier run saved, restored at launch; the screen starts there.
    @ObservationIgnored public internal(set) var restoredPlace: FeedPlace?
    /// The stamp of the first page in flight, for taking it in place.
    @ObservationIgnored var firstPageStamp: PostStamp?
    /// When the rows shown were last checked with the server (or saved, for saved rows).
    @ObservationIgnored var checkedAt: Date?
    /// The saved feed was too old to show: when it was saved.
    @ObservationIgnored var hiddenSavedAt: Date?
    /// Something failed since the last success: the next success is a return.
    @ObservationIgnored var failedSinceSuccess = false
    @ObservationIgnored var lastPlaceSave: (place: FeedPlace?, at: Date)?
    /// The save of a place the reader stopped at, due `placeSettleDelay` after the last move.
    @ObservationIgnored var pendingPlaceSave: Task<Void, Never>?
    /// How long the reader stays at a place before it is saved (tests shorten it).
    @ObservationIgnored var placeSettleDelay: Duration = .seconds(1)
    /// A later page succeeded after failures: once the answer is in, the first page is revalidated if stale.
    @ObservationIgnored var revalidateAfterAnswer = false
    /// Called on the first success after failures (the network is back), for the follow-ups.
    @ObservationIgnored public var onRecovered: @MainActor () -> Void = {}
    /// Called when the reader reached the last loaded row and waited for the next page, with how long.
    @ObservationIgnored public var onWaitedAtEnd: @MainActor (Duration) -> Void = { _ in }
    /// Since when the reader has been at the last loaded row, waiting for the next page.
    @ObservationIgnored private var waitingAtEndSince: ContinuousClock.Instant?
    /// The list started over after an expired cursor: its new first page says so.
    @ObservationIgnored private var startingOver = false
    /// The filters every post passes (follow-ups'); `nil`: every post shows.
    @ObservationIgnored let pipeline: (any PostPipeline)?
    /// The pipeline's revision the rows shown were last filtered at.
    @ObservationIgnored var filteredRevision = 0
    /// The pipeline's revision the last page fetched was filtered at (a filter may change its mind
    /// between a page's filtering and its intake).
    @ObservationIgnored let pageFilteredAt = PipelineRevision()

    /// Creates the view model over `posts`, the store its rows' hearts come from; a page loads when the
    /// row `prefetchDistance` from the end appears. With `offline`, saved pages show first and are kept;
    /// with `pipeline`, only the posts its filters keep show, and rows it drops later are removed.
    public init(feed: any FeedRepository, posts: any PostStore, offline: SavedFeed? = nil, pipeline: (any PostPipeline)? = nil,
                now: @escaping @Sendable () -> Date = { Date() }, prefetchDistance: Int = 5) {
        self.freshness = offline?.freshness ?? .standard
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
        self.cache = offline.map { FeedCacheWriter(cache: $0.cache, saved: $0.saved, now: now) }
        cache?.onDrained = { [weak self] in self?.notifyIfIdle() }
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

    /// No page load, likes read, like request or cache write is in flight.
    public var isIdle: Bool { !list.isLoading && hearts.isEmpty && likesInFlight == 0 && (cache?.pending ?? 0) == 0 }

    /// The screen appeared: shows saved pages at once (unless older than `hideAfter`), restores the
    /// reader's place (within `restoreFor`), then loads the first page once (unless younger than `freshFor`).
    @discardableResult
    public func onAppear() -> Task<Void, Never>? {
        guard !started else { return list.current }
        started = true
        // Saved posts the filters all drop are no saved feed: the first page loads.
        if let saved = cache?.saved, case let kept = pipeline?.kept(saved.posts) ?? saved.posts, !kept.isEmpty {
            let age = FeedFreshness.age(of: saved.savedAt, now: now())
            guard age <= freshness.hideAfter else {
                hiddenSavedAt = saved.savedAt
                return list.refresh()
            }
            let stamp = posts.stamp()
            let page = PageAwaitingLikes(page: FeedPage(posts: kept, next: saved.next), likes: nil)
            list.show(first: page) { page, positions in show(first: page.page, positions, stamp: stamp).rows }
            state.banner = .updated(saved.savedAt)
            checkedAt = saved.savedAt
            if let anchor = saved.anchor, list.index(of: anchor.post) != nil {
                guard FeedFreshness.age(of: anchor.savedAt, now: now()) <= freshness.restoreFor else {
                    // Past the restore window the feed opens at the top, refreshed.
                    return list.refresh()
                }
                restoredPlace = FeedPlace(post: anchor.post, lineOffset: anchor.lineOffset)
                reader = restoredPlace
                lastPlaceSave = (reader, now())
            }
            if freshness.isFresh(checkedAt: saved.savedAt, now: now()) { return nil }
        }
        return list.refresh()
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
        (reader, restoredPlace, checkedAt, hiddenSavedAt, lastPlaceSave) = (nil, nil, nil, nil, nil)
        pendingPlaceSave?.cancel()
        pendingPlaceSave = nil
        cache?.enqueue(.clear)
        notifyIfIdle()
        return cache.map { cache in Task { await cache.waitUntilDrained() } }
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

    /// A page request starts: returns how its page is taken in, through the post store as it stands now.
    private func startPage(first: Bool) -> PagedList<PostID, Cursor, PageAwaitingLikes, PostRow>.Rows {
        let stamp = posts.stamp()
        if first { firstPageStamp = stamp }
        return { [weak self] page, positions in
            guard let self else { return [] }
            return first ? applyFirstPage(page, positions, stamp: stamp) : applyNextPage(page, positions, stamp: stamp)
        }
    }

    private func applyFirstPage(_ page: PageAwaitingLikes, _ positions: [Int], stamp: PostStamp) -> [PostRow] {
        let (rows, kept) = show(first: page.page, positions, stamp: stamp)
        state.firstPageLoaded()
        refreshFailed = false
        if startingOver {
            startingOver = false
            state.message = .startedOver
        }
        (state.feedUpdated, reader, checkedAt, hiddenSavedAt) = (false, nil, now(), nil)
        succeeded(revalidate: false)
        let read = readHearts(of: kept, with: page.likes, stamp: stamp)
        cache?.enqueue(.replaceAll(saved(kept, read: read, next: page.page.next, stamp: stamp)))
        return read == nil ? rows : rows.map(\.checkingUnknown)
    }

    private func applyNextPage(_ page: PageAwaitingLikes, _ positions: [Int], stamp: PostStamp) -> [PostRow] {
        let kept = positions.map { page.page.posts[$0] }
        let rows = rows(posts.receive(kept, requestedAt: stamp))
        let read = readHearts(of: kept, with: page.likes, stamp: stamp)
        cache?.enqueue(.append(saved(kept, read: read, next: page.page.next, stamp: stamp)))
        if case .nextPageFailed = state.message { state.message = nil }
        if let since = waitingAtEndSince {
            waitingAtEndSince = nil
            onWaitedAtEnd(.now - since)
        }
        succeeded(revalidate: true)
        return read == nil ? rows : rows.map(\.checkingUnknown)
    }

    private func failPage(_ error: FeedError, isFirst: Bool) {
        failedSinceSuccess = true
        waitingAtEndSince = nil
        if isFirst, list.rows.isEmpty, hiddenSavedAt != nil {
            state.message = .savedFeedTooOld(error)
        } else if !isFirst {
            state.message = .nextPageFailed(error)
        } else {
            refreshFailed = !list.rows.isEmpty
            state.firstPageFailed(error, rowsShown: !list.rows.isEmpty, savedAt: cache?.savedAt)
        }
    }

    /// The rows of the first page's posts at `positions`, shown through the post store, which lets go of the rows before.
    func show(first page: FeedPage, _ positions: [Int], stamp: PostStamp) -> (rows: [PostRow], kept: [Post]) {
        let (kept, old) = (positions.map { page.posts[$0] }, list.rows.map(\.id))
        let rows = rows(posts.receive(kept, requestedAt: stamp))
        posts.release(old)
        return (rows, kept)
    }

    func rows(_ shown: [Post]) -> [PostRow] { shown.map { PostRow(post: $0, pending: posts.isPending($0.id)) } }

    /// A heart or count changed in the store: only that row changes; a settled or queued like is saved.
    private func apply(_ changes: [PostStoreChange]) {
        list.update(changes.map(\.id)) { $1.show(like: changes[$0].like, likeCount: changes[$0].likeCount, pending: changes[$0].pending) }
        if let cache { for change in changes { cache.save(change) } }
    }

    func notifyIfIdle() { if isIdle { idle.resumeAll() } }
}

extension FeedViewModel: ScreenControl {
    /// The feed.
    public var place: ScreenPlace { .feed }
    /// The first row, once the first page is in and no refresh is under way.
    public var newestShownPost: PostID? { viewState.newestShownPost }
    /// The paging session: a refresh starts a new one.
    public var session: Int { list.generation }
    /// The store the rows' hearts come from.
    public var postStore: (any PostStore)? { posts }
    /// The rows from the reader's top visible post down: more than any screen shows.
    public var postsOnScreen: [PostID] {
        let rows = list.rows
        let start = reader.flatMap { list.index(of: $0.post) } ?? 0
        return rows[min(start, rows.count)..<min(start + Self.rowsOnAScreen, rows.count)].map(\.id)
    }

    /// More rows than a screen of any height shows (a row is at least three lines).
    static let rowsOnAScreen = 24
}

/// A pipeline revision the fetch records on the main actor.
@MainActor
final class PipelineRevision: Sendable {
    var revision = 0
    nonisolated init() {}
}
