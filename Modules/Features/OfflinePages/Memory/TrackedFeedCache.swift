import FeedInterface
import Foundation
import LikesInterface
import OfflinePagesInterface
import TelemetryInterface

/// The saved pages, tracking every write and whether it failed.
struct TrackedFeedCache: FeedCache {
    let base: any FeedCache
    let telemetry: TelemetryTracker

    func load() async throws -> CachedFeed? { try await base.load() }

    func replaceAll(with page: FeedPage, savedAt: Date) async throws {
        try await tracked { try await base.replaceAll(with: page, savedAt: savedAt) }
    }

    func append(_ page: FeedPage, savedAt: Date) async throws {
        try await tracked { try await base.append(page, savedAt: savedAt) }
    }

    func updateLikes(_ likes: [PostID: LikeResult]) async throws {
        try await tracked { try await base.updateLikes(likes) }
    }

    func updatePosts(_ posts: [Post], savedAt: Date) async throws {
        try await tracked { try await base.updatePosts(posts, savedAt: savedAt) }
    }

    func saveAnchor(_ anchor: FeedAnchor?) async throws {
        try await tracked { try await base.saveAnchor(anchor) }
    }

    func clear() async throws { try await base.clear() }

    private func tracked(_ write: () async throws -> Void) async throws {
        do {
            try await write()
            telemetry.track(.storeWrite(store: .cache, ok: true))
        } catch {
            telemetry.track(.storeWrite(store: .cache, ok: false))
            throw error
        }
    }
}
