import FeedInterface
import FeedTesting
import Foundation
import LikesInterface
import OfflinePages
import OfflinePagesInterface
import StoreTesting
import Testing
import TestingSupport

/// The promises of `FeedCache`, checked against the real SQLite cache and the fake the view
/// model's tests use, so those tests never pass against behaviour the product does not have.
@Suite struct FeedCacheContractTests {
    enum Kind: String, CaseIterable, Sendable {
        case sqlite, fake
    }

    private let directory: TemporaryDirectory
    private let pages = FeedFixtures.pages(count: 5)
    private let t0 = Date(timeIntervalSinceReferenceDate: 800_000_000)

    init() throws {
        directory = try TemporaryDirectory()
    }

    private func make(_ kind: Kind) async throws -> any FeedCache {
        switch kind {
        case .sqlite: try await SQLiteFeedCache.open(at: directory.file("feed.sqlite"), warn: { _ in })
        case .fake: FakeFeedCache(maxPages: SQLiteFeedCache.pageCap)
        }
    }

    @Test(arguments: Kind.allCases)
    func anEmptyCacheLoadsNilAndAnAppendToItSavesNothing(kind: Kind) async throws {
        let cache = try await make(kind)
        #expect(try await cache.load() == nil)
        try await cache.append(pages[1], savedAt: t0)
        #expect(try await cache.load() == nil, "a later page never becomes the head of the feed")
    }

    @Test(arguments: Kind.allCases)
    func replaceThenAppendKeepsOrderAndTheCapOfPages(kind: Kind) async throws {
        let cache = try await make(kind)
        try await cache.replaceAll(with: pages[0], savedAt: t0)
        for page in pages.dropFirst() { try await cache.append(page, savedAt: t0.addingTimeInterval(1)) }
        let saved = try #require(try await cache.load())
        let expected = pages.prefix(SQLiteFeedCache.pageCap).flatMap(\.posts)
        #expect(saved.posts.map(\.id) == expected.map(\.id))
        #expect(saved.next == pages[SQLiteFeedCache.pageCap - 1].next)
        #expect(saved.savedAt == t0.addingTimeInterval(1))
    }

    @Test(arguments: Kind.allCases)
    func appendSkipsIDsAlreadySaved(kind: Kind) async throws {
        let cache = try await make(kind)
        try await cache.replaceAll(with: pages[0], savedAt: t0)
        let repeats = FeedPage(posts: Array(pages[0].posts.suffix(2)) + pages[1].posts, next: pages[1].next)
        try await cache.append(repeats, savedAt: t0)
        let ids = try #require(try await cache.load()).posts.map(\.id)
        #expect(ids.count == Set(ids).count)
        #expect(ids.count == 40)
    }

    @Test(arguments: Kind.allCases)
    func replaceAllReplacesEverything(kind: Kind) async throws {
        let cache = try await make(kind)
        try await cache.replaceAll(with: pages[0], savedAt: t0)
        try await cache.append(pages[1], savedAt: t0)
        try await cache.replaceAll(with: pages[3], savedAt: t0)
        let saved = try #require(try await cache.load())
        #expect(saved.posts.map(\.id) == pages[3].posts.map(\.id))
        #expect(saved.next == pages[3].next)
    }

    @Test(arguments: Kind.allCases)
    func updateLikeChangesOnePostInPlaceAndIgnoresUnknownPosts(kind: Kind) async throws {
        let cache = try await make(kind)
        try await cache.replaceAll(with: pages[0], savedAt: t0)
        try await cache.updateLikes(["p3": LikeResult(liked: true, likeCount: 99)])
        try await cache.updateLikes(["p999": LikeResult(liked: true, likeCount: 1)])
        let saved = try #require(try await cache.load())
        #expect(saved.posts.map(\.id) == pages[0].posts.map(\.id))
        #expect(saved.posts[2].like == .liked)
        #expect(saved.posts[2].likeCount == 99)
    }

    @Test(arguments: Kind.allCases)
    func clearForgetsEverything(kind: Kind) async throws {
        let cache = try await make(kind)
        try await cache.replaceAll(with: pages[0], savedAt: t0)
        try await cache.clear()
        #expect(try await cache.load() == nil)
        try await cache.append(pages[1], savedAt: t0)
        #expect(try await cache.load() == nil)
    }
}
