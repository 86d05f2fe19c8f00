import FeedInterface

/// The feed, telling the like queue when a page arrived: the network is back, so the likes that
/// wait on this device are sent (`persistent-like-queue`).
struct DrainingFeedRepository: FeedRepository {
    let base: any FeedRepository
    let drain: @Sendable () async -> Void

    init(_ base: any FeedRepository, drain: @escaping @Sendable () async -> Void) {
        self.base = base
        self.drain = drain
    }

    func posts(after cursor: Cursor?) async throws -> FeedPage {
        let page = try await base.posts(after: cursor)
        let drain = drain
        Task { await drain() }
        return page
    }

    func pageAwaitingLikes(after cursor: Cursor?) async throws -> PageAwaitingLikes {
        let page = try await base.pageAwaitingLikes(after: cursor)
        let drain = drain
        Task { await drain() }
        return page
    }
}
