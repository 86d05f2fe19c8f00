import FeedInterface
import Foundation
import LikesInterface
import Networking
import Observation
import StoreInterface

/// The feed screen's brain: pages, dedupe, refresh generations and the heart overlay, as one view state.
///
/// Actions take effect at once (a page is marked loading, a heart flips) and return the task
/// doing the rest, so a caller may await it or not.
@MainActor @Observable
public final class FeedViewModel {
    /// What the screen draws.
    public private(set) var viewState = FeedViewState.initial

    @ObservationIgnored private let feed: any FeedRepository
    @ObservationIgnored private let likePost: any LikePostUseCase
    @ObservationIgnored private let prefetchDistance: Int
    @ObservationIgnored private let offline: OfflinePages?
    @ObservationIgnored private let now: @Sendable () -> Date

    @ObservationIgnored private var started = false
    @ObservationIgnored private var generation = 0
    @ObservationIgnored private var pageTask: Task<Void, Never>?
    @ObservationIgnored private var nextCursor: Cursor?
    @ObservationIgnored private var indexByID: [PostID: Int] = [:]
    @ObservationIgnored private var overlays: [PostID: LikeOverlay] = [:]
    @ObservationIgnored private var settled: [PostID: SettledLike] = [:]
    @ObservationIgnored private var tapCounter = 0
    @ObservationIgnored private var likesInFlight = 0
    @ObservationIgnored private var idleWaiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    @ObservationIgnored private var waiterCounter = 0
    @ObservationIgnored private var refreshFailed = false
    @ObservationIgnored private var savedAt: Date?
    @ObservationIgnored private var cacheWrite: Task<Void, Never>?
    @ObservationIgnored private var cacheWritesPending = 0
    @ObservationIgnored private var saved: CachedFeed?
    @ObservationIgnored private var emptyPagesInARow = 0

    /// Creates the view model; a page loads when the row `prefetchDistance` from the end appears.
    /// With `offline`, saved pages show first and every page and like outcome is saved.
    public init(
        feed: any FeedRepository,
        likePost: any LikePostUseCase,
        offline: OfflinePages? = nil,
        now: @escaping @Sendable () -> Date = { Date() },
        prefetchDistance: Int = 5
    ) {
        self.feed = feed
        self.likePost = likePost
        self.offline = offline
        self.saved = offline?.saved
        self.now = now
        self.prefetchDistance = prefetchDistance
    }

    /// No page load, like request or cache write is in flight.
    public var isIdle: Bool { pageTask == nil && likesInFlight == 0 && cacheWritesPending == 0 }

    // MARK: Actions

    /// The screen appeared: loads the first page once.
    @discardableResult
    public func onAppear() -> Task<Void, Never>? {
        guard !started else { return pageTask }
        started = true
        if let saved, !saved.posts.isEmpty {
            // Saved pages show at once; the network revalidates them behind the banner.
            generation += 1
            append(saved.posts, generation: generation)
            nextCursor = saved.next
            savedAt = saved.savedAt
            viewState.initialLoad = .loaded
            viewState.banner = .updated(saved.savedAt)
        }
        return loadFirstPage()
    }

    /// Row `id` appeared on screen: loads the next page when it is `prefetchDistance` from the end.
    @discardableResult
    public func rowAppeared(_ id: PostID) -> Task<Void, Never>? {
        guard let index = indexByID[id], index >= viewState.rows.count - prefetchDistance else { return nil }
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
        if case .failed = viewState.pagination {
            viewState.pagination = .idle
            return loadNextPage()
        }
        return refreshFailed ? loadFirstPage() : nil
    }

    /// Forgets everything shown and saved for this user; the screen starts empty.
    @discardableResult
    public func logout() -> Task<Void, Never>? {
        pageTask?.cancel()
        pageTask = nil
        generation += 1
        started = false
        nextCursor = nil
        indexByID.removeAll()
        overlays.removeAll()
        settled.removeAll()
        refreshFailed = false
        savedAt = nil
        saved = nil
        viewState = .initial
        writeCache { try await $0.clear() }
        notifyIfIdle()
        return cacheWrite
    }

    /// Flips the heart of `id` at once and sends the wanted state; `nil` when the heart is unknown
    /// (disabled) or the post is not shown.
    @discardableResult
    public func toggleLike(_ id: PostID) -> Task<Void, Never>? {
        guard let index = indexByID[id] else { return nil }
        let row = viewState.rows[index]
        guard let current = row.heart.isLiked else { return nil }
        tapCounter += 1
        let tap = tapCounter
        var overlay = overlays[id] ?? LikeOverlay(wanted: current, serverLiked: current, serverCount: row.likeCount, latestTap: tap)
        overlay.wanted = !current
        overlay.latestTap = tap
        overlays[id] = overlay
        viewState.rows[index].show(heart: HeartState(overlay.wanted), likeCount: overlay.shownCount)
        likesInFlight += 1
        let wanted = overlay.wanted
        return Task {
            let outcome = await likePost.setLiked(wanted, post: id)
            finishLike(id, tap: tap, wanted: wanted, outcome: outcome)
        }
    }

    /// Clears the latest message.
    public func dismissMessage() { viewState.message = nil }

    /// Waits until no page load and no like request is in flight, or `timeout` passes.
    /// Returns whether it became idle.
    public func waitUntilIdle(timeout: Duration) async -> Bool {
        if isIdle { return true }
        waiterCounter += 1
        let key = waiterCounter
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            self?.resumeWaiter(key, idle: false)
        }
        let idle = await withCheckedContinuation { idleWaiters[key] = $0 }
        timer.cancel()
        return idle
    }

    // MARK: Pages

    @discardableResult
    private func loadFirstPage() -> Task<Void, Never> {
        pageTask?.cancel()
        generation += 1
        let generation = generation
        if viewState.rows.isEmpty {
            viewState.initialLoad = .loading
        } else {
            viewState.isRefreshing = true
        }
        viewState.pagination = .idle
        let task = Task {
            do {
                let page = try await feed.posts(after: nil)
                applyFirstPage(page, generation: generation)
            } catch {
                failFirstPage(error, generation: generation)
            }
        }
        pageTask = task
        return task
    }

    private func loadNextPage() -> Task<Void, Never>? {
        guard viewState.initialLoad == .loaded, viewState.pagination == .idle, !viewState.isRefreshing,
            let cursor = nextCursor
        else { return nil }
        viewState.pagination = .loading
        let generation = generation
        let task = Task {
            do {
                let page = try await feed.posts(after: cursor)
                applyNextPage(page, generation: generation)
            } catch {
                failNextPage(error, generation: generation)
            }
        }
        pageTask = task
        return task
    }

    private func applyFirstPage(_ page: FeedPage, generation: Int) {
        guard generation == self.generation else { return }
        pageTask = nil
        settled = settled.filter { $0.value.generation >= generation }
        viewState.rows.removeAll(keepingCapacity: true)
        indexByID.removeAll(keepingCapacity: true)
        append(page.posts, generation: generation)
        nextCursor = page.next
        viewState.initialLoad = .loaded
        viewState.isRefreshing = false
        viewState.pagination = page.next == nil ? .end : .idle
        viewState.message = nil
        viewState.banner = nil
        refreshFailed = false
        let savedAt = now()
        if offline != nil { self.savedAt = savedAt }
        let shown = pageAsShown(page, generation: generation)
        writeCache { try await $0.replaceAll(with: shown, savedAt: savedAt) }
        notifyIfIdle()
    }

    private func failFirstPage(_ error: any Error, generation: Int) {
        guard generation == self.generation else { return }
        pageTask = nil
        let reason = Self.describe(error)
        if viewState.rows.isEmpty {
            viewState.initialLoad = .failed("Couldn't load the feed: \(reason)")
            viewState.message = "Couldn't load the feed: \(reason)"
        } else {
            viewState.isRefreshing = false
            viewState.pagination = nextCursor == nil ? .end : .idle
            viewState.message = "Couldn't refresh: \(reason). Showing the posts you had."
            refreshFailed = true
            if offline != nil, let savedAt { viewState.banner = .offline(savedAt) }
        }
        notifyIfIdle()
    }

    private func applyNextPage(_ page: FeedPage, generation: Int) {
        guard generation == self.generation else { return }
        pageTask = nil
        let added = append(page.posts, generation: generation)
        let cursor = nextCursor
        nextCursor = page.next
        let savedAt = now()
        if offline != nil { self.savedAt = savedAt }
        let shown = pageAsShown(page, generation: generation)
        writeCache { try await $0.append(shown, savedAt: savedAt) }
        viewState.pagination = page.next == nil ? .end : .idle
        if case .failed = viewState.initialLoad {} else if viewState.message?.hasPrefix("Couldn't load more") == true {
            viewState.message = nil
        }
        // A page made only of posts already shown adds no row to scroll to: fetch the next one,
        // a few times at most, and never the same cursor again.
        emptyPagesInARow = added == 0 ? emptyPagesInARow + 1 : 0
        if added == 0, page.next != cursor, emptyPagesInARow <= Self.maxEmptyPagesInARow, loadNextPage() != nil { return }
        notifyIfIdle()
    }

    private func failNextPage(_ error: any Error, generation: Int) {
        guard generation == self.generation else { return }
        pageTask = nil
        if Self.isRefusedCursor(error) {
            // The server no longer accepts this cursor (an expired session): start the feed over
            // from the first page, keeping the rows on screen until it arrives. The dead cursor is
            // dropped, so a failed restart never sends it again.
            nextCursor = nil
            loadFirstPage()
            return
        }
        let reason = Self.describe(error)
        viewState.pagination = .failed("Couldn't load more: \(reason)")
        viewState.message = "Couldn't load more: \(reason)"
        notifyIfIdle()
    }

    /// Appends the posts not shown yet, laying unsettled and just-settled hearts over them.
    @discardableResult
    private func append(_ posts: [Post], generation: Int) -> Int {
        var added = 0
        for post in posts where indexByID[post.id] == nil {
            var row = PostRow(post: post)
            if var overlay = overlays[post.id] {
                if let liked = post.like.isLiked {
                    overlay.serverLiked = liked
                    overlay.serverCount = post.likeCount
                    overlays[post.id] = overlay
                }
                row.show(heart: HeartState(overlay.wanted), likeCount: overlay.shownCount)
            } else if let done = settled[post.id], done.generation >= generation {
                // The like settled after this page was requested: the page may predate it.
                row.show(heart: HeartState(done.result.liked), likeCount: done.result.likeCount)
            }
            indexByID[post.id] = viewState.rows.count
            viewState.rows.append(row)
            added += 1
        }
        return added
    }

    // MARK: Likes

    private func finishLike(_ id: PostID, tap: Int, wanted: Bool, outcome: LikeOutcome) {
        likesInFlight -= 1
        defer { notifyIfIdle() }
        guard let overlay = overlays[id], overlay.latestTap == tap else { return }
        let shown: (heart: HeartState, count: Int)
        switch outcome {
        case .superseded:
            return
        case .saved(let result):
            shown = (HeartState(result.liked), result.likeCount)
            settled[id] = SettledLike(result: result, generation: generation)
            writeCache { try await $0.updateLike(post: id, liked: result.liked, likeCount: result.likeCount) }
        case .failed(let serverState):
            if let serverState {
                shown = (HeartState(serverState.liked), serverState.likeCount)
                settled[id] = SettledLike(result: serverState, generation: generation)
                writeCache { try await $0.updateLike(post: id, liked: serverState.liked, likeCount: serverState.likeCount) }
            } else {
                shown = (HeartState(overlay.serverLiked), overlay.serverCount)
            }
            viewState.message = wanted ? "Couldn't like" : "Couldn't unlike"
        }
        overlays[id] = nil
        if let index = indexByID[id] {
            viewState.rows[index].show(heart: shown.heart, likeCount: shown.count)
        }
    }

    // MARK: Cache

    /// The page with the like outcomes that settled after it was requested, so the cache never
    /// saves a heart older than the one on screen. Unsettled likes are saved when they settle.
    private func pageAsShown(_ page: FeedPage, generation: Int) -> FeedPage {
        guard offline != nil, !settled.isEmpty else { return page }
        let posts = page.posts.map { post in
            guard let done = settled[post.id], done.generation >= generation else { return post }
            var post = post
            post.like = LikeState(done.result.liked)
            post.likeCount = done.result.likeCount
            return post
        }
        return FeedPage(posts: posts, next: page.next)
    }

    /// Runs cache writes one after another, in the order they were asked for. The cache reports
    /// its own failures; a failed write leaves what was saved before.
    private func writeCache(_ operation: @escaping @Sendable (any FeedCache) async throws -> Void) {
        guard let cache = offline?.cache else { return }
        cacheWritesPending += 1
        let previous = cacheWrite
        cacheWrite = Task {
            await previous?.value
            try? await operation(cache)
            cacheWritesPending -= 1
            notifyIfIdle()
        }
    }

    // MARK: Idle

    private func notifyIfIdle() {
        guard isIdle else { return }
        let waiters = idleWaiters
        idleWaiters.removeAll()
        for waiter in waiters.values { waiter.resume(returning: true) }
    }

    private func resumeWaiter(_ key: Int, idle: Bool) {
        idleWaiters.removeValue(forKey: key)?.resume(returning: idle)
    }

    /// How many pages made only of posts already shown are fetched one after another.
    static let maxEmptyPagesInARow = 3

    /// 400, 404, 410 or 422 on a next page: the server refuses the cursor itself (an expired
    /// session). Auth (401, 403) and throttling (408, 429) are not about the cursor.
    private static func isRefusedCursor(_ error: any Error) -> Bool {
        guard case .status(let code, _) = error as? HTTPError else { return false }
        return [400, 404, 410, 422].contains(code)
    }

    private static func describe(_ error: any Error) -> String {
        String(describing: error)
    }
}

/// A like outcome the server confirmed, kept so a page requested before it cannot undo it.
private struct SettledLike {
    let result: LikeResult
    let generation: Int
}
