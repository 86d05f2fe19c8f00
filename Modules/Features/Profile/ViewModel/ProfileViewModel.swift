import FeedInterface
import LikesInterface
import Observation
import Paging
import PostStoreInterface

/// The profile grid's brain: one author's posts, paged by the feed's rules (one load at a time,
/// dedupe, retry row, end state), with hearts from the post store every screen shares.
@MainActor @Observable
public final class ProfileViewModel {
    /// Whose posts these are.
    public let author: Author
    /// What the screen draws: the paged list's rows and page states over the rest of the state.
    public var viewState: ProfileViewState {
        state.showing(rows: list.rows, first: list.firstPage, next: list.nextPage)
    }

    /// The view state but for the paged list's part, which `viewState` lays over it.
    private var state = ProfileViewState.initial
    @ObservationIgnored let posts: any PostStore
    @ObservationIgnored private let list: PagedList<PostID, Cursor, PageAwaitingLikes, PostRow>
    /// The likes reads of pages whose rows show: their hearts are "checking" until theirs ends.
    @ObservationIgnored private let hearts = FollowUpReads<PostID, Set<PostID>>()
    @ObservationIgnored private var started = false
    @ObservationIgnored private var closed = false
    @ObservationIgnored private var likesInFlight = 0
    @ObservationIgnored private let idle = IdleWaiters()
    @ObservationIgnored private var observer: Int?
    /// A filter changed its mind while a page was taken in: its rows go once the answer is in.
    @ObservationIgnored private var filterPending = false
    /// Posts a filter removed last, each with the post kept that took its place (the screen's selection follows).
    @ObservationIgnored public private(set) var movedTo: [PostID: PostID] = [:]
    /// The cells the screen drew last (none before a frame, or headless).
    @ObservationIgnored var drawnRows: [PostID] = []

    /// Creates the profile of `author` over `repository` (the author's posts with hearts) and the
    /// post store; a page loads when the row `prefetchDistance` from the end appears. With
    /// `pipeline`, only the posts its filters keep show, and rows it drops later are removed.
    public init(author: Author, repository: any FeedRepository, posts: any PostStore, pipeline: (any PostPipeline)? = nil, prefetchDistance: Int = 6) {
        self.author = author
        self.posts = posts
        self.list = PagedList(
            prefetchDistance: prefetchDistance, refreshable: false, fetch: { cursor in
                let page = try await repository.pageAwaitingLikes(after: cursor)
                guard let pipeline else { return page }
                return await pipeline.kept(page)
            },
            ids: { $0.page.posts.map(\.id) }, next: \.page.next, isCursorExpired: { FeedError($0) == .cursorExpired })
        observer = posts.addObserver { [weak self] changes in
            guard let self else { return }
            list.update(changes.map(\.id)) { $1.show(like: changes[$0].like, likeCount: changes[$0].likeCount, pending: changes[$0].pending) }
        }
        list.onRequest = { [weak self] first in self?.startPage(first: first) ?? { _, _ in [] } }
        list.onFailure = { [weak self] error, first in self?.fail(FeedError(error), first: first) }
        let removeFiltered: @MainActor (ProfileViewModel) -> Void = { [weak pipeline] model in
            guard let pipeline else { return }
            // Told while a page is taken in: the rows go once the answer is in.
            guard !model.list.isTakingInPage else { return model.filterPending = true }
            model.filterPending = false
            let before = model.list.rows.map(\.id)
            let removed = model.list.remove { row in model.posts.post(row.id).map { !pipeline.keeps($0) } ?? false }
            guard !removed.isEmpty else { return }
            model.movedTo = RowPlaces.after(removing: Set(removed), from: before)
            model.posts.release(removed)
        }
        list.onAnswer = { [weak self] in
            guard let self else { return }
            if filterPending { removeFiltered(self) }
            notifyIfIdle()
        }
        pipeline?.observe(self) { [weak self] in
            guard let self else { return }
            removeFiltered(self)
        }
    }

    /// The grid's paging session.
    var pagingSession: Int { list.generation }

    /// No page load, likes read or like of this screen is in flight.
    public var isIdle: Bool { !list.isLoading && hearts.isEmpty && likesInFlight == 0 }

    /// The screen appeared: loads the first page once.
    @discardableResult
    public func onAppear() -> Task<Void, Never>? {
        guard !started, !closed else { return list.current }
        started = true
        return list.refresh()
    }

    /// Row `id` appeared on screen: loads the next page when it is `prefetchDistance` from the end.
    @discardableResult
    public func rowAppeared(_ id: PostID) -> Task<Void, Never>? { list.rowAppeared(id) }

    /// Retries the first or the next page; `nil` when nothing failed.
    @discardableResult
    public func retry() -> Task<Void, Never>? { list.retry() }

    /// Flips the heart of `id` at once and sends it through the store; `nil` when unknown or not shown.
    @discardableResult
    public func toggleLike(_ id: PostID) -> Task<Void, Never>? {
        guard let current = list.row(id)?.heart.isLiked, let sent = posts.toggleLike(id) else { return nil }
        likesInFlight += 1
        return Task {
            switch await sent.value {
            case .failed, .reread(liked: current): state.message = .likeFailed(wanted: !current)
            default: break
            }
            likesInFlight -= 1
            notifyIfIdle()
        }
    }

    /// Clears the latest message.
    public func dismissMessage() { state.message = nil }

    /// Shows the screen's own `message` (a photo opening) until it clears or another replaces it.
    func show(_ message: ProfileMessage) { state.message = message }

    /// Clears `message` if it is still the one shown.
    func dismiss(_ message: ProfileMessage) { if state.message == message { state.message = nil } }

    /// The screen left for good: stops loading, lets go of its posts in the store and stops listening.
    public func close() {
        guard !closed else { return }
        closed = true
        list.stop()
        hearts.cancelAll()
        posts.release(list.rows.map(\.id))
        if let observer { posts.removeObserver(observer) }
        observer = nil
        notifyIfIdle()
    }

    /// Waits until idle or `timeout`; returns whether it became idle. A cancelled caller stops waiting.
    public func waitUntilIdle(timeout: Duration) async -> Bool {
        isIdle ? true : await idle.wait(timeout: timeout)
    }

    /// A page request starts: returns how its page is taken in, through the post store as it stands now.
    private func startPage(first: Bool) -> PagedList<PostID, Cursor, PageAwaitingLikes, PostRow>.Rows {
        let stamp = posts.stamp()
        return { [weak self] page, positions in
            guard let self else { return [] }
            let kept = positions.map { page.page.posts[$0] }
            let rows = posts.receive(kept, requestedAt: stamp).map { PostRow(post: $0, pending: posts.isPending($0.id)) }
            if first { posts.release(list.rows.map(\.id)) }
            if case .nextPageFailed = state.message { state.message = nil }
            guard let likes = page.likes, !kept.isEmpty else { return rows }
            readHearts(kept.map(\.id), with: likes, stamp: stamp)
            return rows.map(\.checkingUnknown)
        }
    }

    /// Starts the likes read of a page's rows `ids`: they show "checking" until it answers, then
    /// the hearts it read (through the store), or `unknown`.
    private func readHearts(_ ids: [PostID], with likes: @escaping PageAwaitingLikes.LikesRead, stamp: PostStamp) {
        _ = hearts.start(ids, read: likes) { [weak self] liked, ended in
            guard let self else { return }
            if let liked, !closed { posts.receiveLikes(liked, among: ids, requestedAt: stamp) }
            for id in ended { list.update(id) { $0.stopChecking() } }
            notifyIfIdle()
        }
    }

    private func fail(_ error: FeedError, first: Bool) {
        state.message = first ? .firstPageFailed(error) : .nextPageFailed(error)
    }

    private func notifyIfIdle() { if isIdle { idle.resumeAll() } }
}
