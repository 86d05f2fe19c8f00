import FeedInterface
import Foundation
import LikesInterface
import Observation
import Paging
import PluginInterface
import StoreInterface

/// The feed screen's brain: pages into one view state, composed of small parts (paging session, page request, post
/// store, cache writer, idle waiters). Actions take effect at once and return the task doing the rest.
@MainActor @Observable
public final class FeedViewModel {
    /// What the screen draws.
    public private(set) var viewState = FeedViewState.initial

    @ObservationIgnored private let posts: any PostStore
    @ObservationIgnored private let cache: FeedCacheWriter?
    @ObservationIgnored private let prefetchDistance: Int
    @ObservationIgnored private var paging = PagingSession<PostID, Cursor>()
    @ObservationIgnored private let page: PageRequest<Cursor, FeedPage>
    @ObservationIgnored private var started = false
    @ObservationIgnored private var likesInFlight = 0
    @ObservationIgnored private let idle = IdleWaiters()
    @ObservationIgnored private var refreshFailed = false

    /// Creates the view model over `posts`, the store its rows' hearts come from; a page loads when the
    /// row `prefetchDistance` from the end appears. With `offline`, saved pages show first and are kept.
    public init(feed: any FeedRepository, posts: any PostStore, offline: SavedFeed? = nil,
                now: @escaping @Sendable () -> Date = { Date() }, prefetchDistance: Int = 5) {
        self.page = PageRequest { try await feed.posts(after: $0) }
        self.posts = posts
        self.cache = offline.map { FeedCacheWriter(cache: $0.cache, saved: $0.saved, now: now) }
        self.prefetchDistance = prefetchDistance
        cache?.onDrained = { [weak self] in self?.notifyIfIdle() }
        _ = posts.addObserver { [weak self] in self?.apply($0) }
    }

    /// The position of row `id` in `viewState.rows`, found in constant time.
    public func index(of id: PostID) -> Int? { paging.index(of: id) }

    /// No page load, like request or cache write is in flight.
    public var isIdle: Bool { !page.isLoading && likesInFlight == 0 && (cache?.pending ?? 0) == 0 }

    /// The screen appeared: shows saved pages at once, then loads the first page once.
    @discardableResult
    public func onAppear() -> Task<Void, Never>? {
        guard !started else { return page.current }
        started = true
        if let saved = cache?.saved, !saved.posts.isEmpty {
            show(first: FeedPage(posts: saved.posts, next: saved.next), generation: paging.startSession(), stamp: posts.stamp())
            viewState.initialLoad = .loaded
            viewState.banner = .updated(saved.savedAt)
        }
        return loadFirstPage()
    }

    /// Row `id` appeared on screen: loads the next page when it is `prefetchDistance` from the end.
    @discardableResult
    public func rowAppeared(_ id: PostID) -> Task<Void, Never>? {
        guard let index = paging.index(of: id), index >= viewState.rows.count - prefetchDistance else { return nil }
        return loadNextPage()
    }

    /// Pull to refresh: starts a new paging session; the rows stay until the new first page arrives.
    @discardableResult
    public func refresh() -> Task<Void, Never> {
        started = true
        return loadFirstPage()
    }

    /// Retries what failed: the first page, the next page, or a refresh; `nil` when nothing failed.
    @discardableResult
    public func retry() -> Task<Void, Never>? {
        if case .failed = viewState.initialLoad { return loadFirstPage() }
        guard case .failed = viewState.pagination else { return refreshFailed ? loadFirstPage() : nil }
        viewState.pagination = .idle
        return loadNextPage()
    }

    /// Forgets everything shown and saved for this user; the screen starts empty.
    @discardableResult
    public func logout() -> Task<Void, Never>? {
        page.cancel()
        paging.reset()
        posts.release(viewState.rows.map(\.id))
        (started, refreshFailed, viewState) = (false, false, .initial)
        cache?.enqueue(.clear)
        notifyIfIdle()
        return cache.map { cache in Task { await cache.waitUntilDrained() } }
    }

    /// Flips the heart of `id` at once and sends the wanted state; `nil` when the heart is unknown
    /// (disabled) or the post is not shown.
    @discardableResult
    public func toggleLike(_ id: PostID) -> Task<Void, Never>? {
        guard let index = paging.index(of: id), let current = viewState.rows[index].heart.isLiked, let sent = posts.toggleLike(id) else { return nil }
        likesInFlight += 1
        return Task {
            if let message = FeedMessage.after(await sent.value, of: !current) { viewState.message = message }
            likesInFlight -= 1
            notifyIfIdle()
        }
    }

    /// Clears the latest message.
    public func dismissMessage() { viewState.message = nil }

    /// Waits until idle or `timeout`; returns whether it became idle. A cancelled caller stops waiting.
    public func waitUntilIdle(timeout: Duration) async -> Bool {
        isIdle ? true : await idle.wait(timeout: timeout)
    }

    @discardableResult
    private func loadFirstPage() -> Task<Void, Never> {
        viewState.startFirstPage()
        return startPage(after: nil, generation: paging.startSession())
    }

    private func loadNextPage() -> Task<Void, Never>? {
        let state = viewState
        guard state.initialLoad == .loaded, state.pagination == .idle, !state.isRefreshing, let cursor = paging.next else { return nil }
        viewState.pagination = .loading
        return startPage(after: cursor, generation: paging.generation)
    }

    private func startPage(after cursor: Cursor?, generation: Int) -> Task<Void, Never> {
        let stamp = posts.stamp()
        return page.start(after: cursor) { [weak self] result in
            guard let self, paging.isCurrent(generation) else { return }
            switch result {
            case .success(let page) where cursor == nil: applyFirstPage(page, generation: generation, stamp: stamp)
            case .success(let page): applyNextPage(page, generation: generation, stamp: stamp)
            case .failure(let error): failPage(FeedError(error), isFirst: cursor == nil)
            }
            notifyIfIdle()
        }
    }

    private func applyFirstPage(_ page: FeedPage, generation: Int, stamp: PostStamp) {
        let kept = show(first: page, generation: generation, stamp: stamp)
        viewState.firstPageLoaded(hasMore: page.next != nil)
        refreshFailed = false
        cache?.enqueue(.replaceAll(FeedPage(posts: posts.settled(kept, requestedAt: stamp), next: page.next)))
    }

    private func applyNextPage(_ page: FeedPage, generation: Int, stamp: PostStamp) {
        guard let accepted = paging.acceptNextPage(page.posts.map(\.id), next: page.next, generation: generation) else { return }
        let kept = accepted.positions.map { page.posts[$0] }
        viewState.rows.append(contentsOf: rows(posts.receive(kept, requestedAt: stamp)))
        cache?.enqueue(.append(FeedPage(posts: posts.settled(kept, requestedAt: stamp), next: page.next)))
        viewState.pagination = page.next == nil ? .end : .idle
        if case .nextPageFailed = viewState.message { viewState.message = nil }
        if accepted.loadAnother { _ = loadNextPage() }
    }

    private func failPage(_ error: FeedError, isFirst: Bool) {
        if !isFirst, error == .cursorExpired {
            // An expired cursor: start over, keeping the rows on screen; the dead cursor is never sent again.
            paging.dropCursor()
            loadFirstPage()
        } else if !isFirst {
            viewState.pagination = .failed(error)
            viewState.message = .nextPageFailed(error)
        } else {
            refreshFailed = !viewState.rows.isEmpty
            viewState.firstPageFailed(error, hasMore: paging.next != nil, savedAt: cache?.savedAt)
        }
    }

    /// Replaces the rows with the first page of `generation`, shown through the post store.
    @discardableResult
    private func show(first page: FeedPage, generation: Int, stamp: PostStamp) -> [Post] {
        guard let positions = paging.acceptFirstPage(page.posts.map(\.id), next: page.next, generation: generation) else { return [] }
        let (kept, old) = (positions.map { page.posts[$0] }, viewState.rows.map(\.id))
        viewState.rows = rows(posts.receive(kept, requestedAt: stamp))
        posts.release(old)
        return kept
    }

    private func rows(_ shown: [Post]) -> [PostRow] { shown.map { PostRow(post: $0, pending: posts.isPending($0.id)) } }

    /// A heart or count changed in the store: only that row changes; a settled or queued like is saved.
    private func apply(_ change: PostStoreChange) {
        viewState.rows.show(change.post, at: paging.index(of: change.post.id), pending: change.pending)
        viewState.waitingLikes = posts.pendingCount
        cache?.save(change)
    }

    private func notifyIfIdle() { if isIdle { idle.resumeAll() } }
}

extension FeedViewModel: FeedScreenControl {
    /// The first row, once the first page is in and no refresh is under way.
    public var newestShownPost: PostID? { viewState.newestShownPost }
    /// The paging session: a refresh starts a new one.
    public var session: Int { paging.generation }
    /// Likes of the rows not yet settled on the server.
    public var waitingLikes: Int { viewState.waitingLikes }
}
