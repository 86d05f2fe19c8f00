import FeedInterface
import Foundation
import LikesInterface
import OfflinePagesInterface
import Synchronization

/// The saved feed of `offline-pages`, until the server switches the follow-up off while the app
/// runs: from then on nothing more is written (the rows already on screen stay).
final class KillableFeedCache: FeedCache {
    private let base: any FeedCache
    private let isOn = Mutex(true)

    init(_ base: any FeedCache) {
        self.base = base
    }

    /// Stops every later write.
    func switchOff() { isOn.withLock { $0 = false } }

    private var writes: Bool { isOn.withLock { $0 } }

    func load() async throws -> CachedFeed? { try await base.load() }

    func replaceAll(with page: FeedPage, savedAt: Date) async throws {
        if writes { try await base.replaceAll(with: page, savedAt: savedAt) }
    }

    func append(_ page: FeedPage, savedAt: Date) async throws {
        if writes { try await base.append(page, savedAt: savedAt) }
    }

    func updateLikes(_ likes: [PostID: LikeResult]) async throws {
        if writes { try await base.updateLikes(likes) }
    }

    func updatePosts(_ posts: [Post], savedAt: Date) async throws {
        if writes { try await base.updatePosts(posts, savedAt: savedAt) }
    }

    func saveAnchor(_ anchor: FeedAnchor?) async throws {
        if writes { try await base.saveAnchor(anchor) }
    }

    /// A logout always clears, switched off or not: nothing of the user may stay.
    func clear() async throws { try await base.clear() }
}
