import FeedInterface
import LikesInterface
import Observation
import Paging
import StoreInterface

/// The profile grid's brain: one author's posts, paged by the feed's rules (one load at a time,
/// dedupe, retry row, end state), with hearts from the post store every screen shares.
@MainActor @Observable
public final class ProfileViewModel {
    /// Whose posts these are.
    public let author: Author
    /// What the screen draws.
    public private(set) var viewState = ProfileViewState.initial

    @ObservationIgnored private let posts: any PostStore
    @ObservationIgnored private let page: PageRequest<Cursor, FeedPage>
    @ObservationIgnored private let prefetchDistance: Int
    @ObservationIgnored private var paging = PagingSession<PostID, Cursor>()
    @ObservationIgnored private var started = false
    @ObservationIgnored private var closed = false
    @ObservationIgnored private var likesInFlight = 0
    @ObservationIgnored private let idle = IdleWaiters()
    @ObservationIgnored private var observer: Int?

    /// Creates the profile of `author` over `repository` (the author's posts with hearts) and the
    /// post store; a page loads when the row `prefetchDistance` from the end appears.
    public init(author: Author, repository: any FeedRepository, posts: any PostStore, prefetchDistance: Int = 6) {
        self.author = author
        self.posts = posts
        self.prefetchDistance = prefetchDistance
        self.page = PageRequest { try await repository.posts(after: $0) }
        observer = posts.addObserver { [weak self] change in
            guard let self else { return }
            viewState.rows.show(change.post, at: paging.index(of: change.post.id), pending: change.pending)
        }
    }

    /// No page load and no like of this screen is in flight.
    public var isIdle: Bool { !page.isLoading && likesInFlight == 0 }

    /// The screen appeared: loads the first page once.
    @discardableResult
    public func onAppear() -> Task<Void, Never>? {
        guard !started, !closed else { return page.current }
        started = true
        return load(after: nil)
    }

    /// Row `id` appeared on screen: loads the next page when it is `prefetchDistance` from the end.
    @discardableResult
    public func rowAppeared(_ id: PostID) -> Task<Void, Never>? {
        guard let index = paging.index(of: id), index >= viewState.rows.count - prefetchDistance else { return nil }
        return loadNextPage()
    }

    /// Retries the first or the next page; `nil` when nothing failed.
    @discardableResult
    public func retry() -> Task<Void, Never>? {
        if case .failed = viewState.initialLoad { return load(after: nil) }
        guard case .failed = viewState.pagination else { return nil }
        viewState.pagination = .idle
        return loadNextPage()
    }

    /// Flips the heart of `id` at once and sends it through the store; `nil` when unknown or not shown.
    @discardableResult
    public func toggleLike(_ id: PostID) -> Task<Void, Never>? {
        guard let index = paging.index(of: id), let current = viewState.rows[index].heart.isLiked,
            let sent = posts.toggleLike(id)
        else { return nil }
        likesInFlight += 1
        return Task {
            switch await sent.value {
            case .failed, .reread(liked: current): viewState.message = .likeFailed(wanted: !current)
            default: break
            }
            likesInFlight -= 1
            notifyIfIdle()
        }
    }

    /// Clears the latest message.
    public func dismissMessage() { viewState.message = nil }

    /// The screen left for good: stops loading, lets go of its posts in the store and stops listening.
    public func close() {
        guard !closed else { return }
        closed = true
        page.cancel()
        posts.release(viewState.rows.map(\.id))
        if let observer { posts.removeObserver(observer) }
        observer = nil
        notifyIfIdle()
    }

    /// Waits until idle or `timeout`; returns whether it became idle. A cancelled caller stops waiting.
    public func waitUntilIdle(timeout: Duration) async -> Bool {
        isIdle ? true : await idle.wait(timeout: timeout)
    }

    private func loadNextPage() -> Task<Void, Never>? {
        guard viewState.initialLoad == .loaded, viewState.pagination == .idle, let cursor = paging.next else { return nil }
        viewState.pagination = .loading
        return load(after: cursor)
    }

    @discardableResult
    private func load(after cursor: Cursor?) -> Task<Void, Never> {
        if cursor == nil, viewState.rows.isEmpty { viewState.initialLoad = .loading }
        let generation = cursor == nil ? paging.startSession() : paging.generation
        let stamp = posts.stamp()
        return page.start(after: cursor) { [weak self] result in
            guard let self, !closed, paging.isCurrent(generation) else { return }
            switch result {
            case .success(let page): apply(page, first: cursor == nil, generation: generation, stamp: stamp)
            case .failure(let error): fail(FeedError(error), first: cursor == nil)
            }
            notifyIfIdle()
        }
    }

    private func apply(_ page: FeedPage, first: Bool, generation: Int, stamp: PostStamp) {
        let ids = page.posts.map(\.id)
        let positions: [Int]
        var loadAnother = false
        if first {
            positions = paging.acceptFirstPage(ids, next: page.next, generation: generation) ?? []
        } else {
            let accepted = paging.acceptNextPage(ids, next: page.next, generation: generation)
            positions = accepted?.positions ?? []
            loadAnother = accepted?.loadAnother ?? false
        }
        let rows = posts.receive(positions.map { page.posts[$0] }, requestedAt: stamp).map { PostRow(post: $0, pending: posts.isPending($0.id)) }
        if first {
            posts.release(viewState.rows.map(\.id))
            viewState.rows = rows
            viewState.initialLoad = .loaded
        } else {
            viewState.rows.append(contentsOf: rows)
        }
        viewState.pagination = page.next == nil ? .end : .idle
        if case .nextPageFailed = viewState.message { viewState.message = nil }
        if loadAnother { _ = loadNextPage() }
    }

    private func fail(_ error: FeedError, first: Bool) {
        if !first, error == .cursorExpired {
            // The server no longer accepts the cursor: start over, keeping the grid until the page arrives.
            paging.dropCursor()
            load(after: nil)
        } else if first {
            viewState.initialLoad = .failed(error)
            viewState.message = .firstPageFailed(error)
        } else {
            viewState.pagination = .failed(error)
            viewState.message = .nextPageFailed(error)
        }
    }

    private func notifyIfIdle() { if isIdle { idle.resumeAll() } }
}
