import FeedInterface
import FeedTesting
import Foundation
import LikesInterface
import OfflinePagesInterface
import StoreTesting
import TelemetryInterface
import TelemetryTesting
import Testing

@testable import OfflinePages

/// `offline-pages` tracks its own writes with the tracker its context hands it (the host's, of the
/// flag's owning team): `store_write` events of the cache, ok or failed, the same name and properties
/// as when the host's decorator tracked them.
@MainActor
@Suite struct SavedPagesTelemetryTests {
    /// A saved feed whose writes all fail (a full disk).
    struct FailingCache: FeedCache {
        struct Full: Error {}
        func load() async throws -> CachedFeed? { nil }
        func replaceAll(with page: FeedPage, savedAt: Date) async throws { throw Full() }
        func append(_ page: FeedPage, savedAt: Date) async throws { throw Full() }
        func updateLikes(_ likes: [PostID: LikeResult]) async throws { throw Full() }
        func updatePosts(_ posts: [Post], savedAt: Date) async throws { throw Full() }
        func saveAnchor(_ anchor: FeedAnchor?) async throws { throw Full() }
        func clear() async throws {}
    }

    private func outcomes(of cache: any FeedCache) async throws -> [TelemetryEvent] {
        let recorder = RecordingTelemetry()
        let plugin = ActiveOfflinePages(
            cache: KillableFeedCache(cache), saved: nil, file: URL(fileURLWithPath: "/nonexistent/feed.sqlite"), freshness: .standard,
            telemetry: recorder.tracker(owner: "storage"))
        let memory = try #require(plugin.feedMemory())
        memory.replaced(with: Task { FeedPage(posts: [FeedFixtures.post(1)], next: nil) })
        await memory.save(place: FeedPlace(post: "p1", lineOffset: 2)).value
        #expect(recorder.events.allSatisfy { $0.owner == "storage" })
        return recorder.events.map(\.event).filter { $0.name == "store_write" }
    }

    @Test func theFeedsMemoryTracksEachWriteOfTheSavedPages() async throws {
        let writes = try await outcomes(of: FakeFeedCache())
        #expect(writes.map(\.properties) == Array(repeating: ["store": .text("cache"), "outcome": .text("ok")], count: 2))
        #expect(writes.allSatisfy { $0.isValid && $0.priority == .normal && $0.isSampled && !$0.isFailure })
    }

    @Test func aFailedWriteIsTrackedAsAFailure() async throws {
        let writes = try await outcomes(of: FailingCache())
        #expect(writes.map(\.properties) == Array(repeating: ["store": .text("cache"), "outcome": .text("failed")], count: 2))
        #expect(writes.allSatisfy { $0.isFailure })
    }
}
