import Database
import FeedInterface
import FeedTesting
import Foundation
import OfflinePages
import OfflinePagesInterface
import StoreTesting
import Testing
import TestingSupport

/// A revalidation taken in place and the reader's place, against the SQLite cache and its fake;
/// and a version 1 file migrated with its pages.
@Suite struct FeedCacheContinuityTests {
    enum Kind: String, CaseIterable, Sendable {
        case sqlite, fake
    }

    private let directory: TemporaryDirectory
    private let pages = FeedFixtures.pages(count: 3)
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
    func updatePostsChangesSavedPostsInPlaceAddsNothingAndMarksTheTime(kind: Kind) async throws {
        let cache = try await make(kind)
        try await cache.replaceAll(with: pages[0], savedAt: t0)
        try await cache.append(pages[1], savedAt: t0)
        let old = pages[0].posts[2]
        let changed = Post(id: old.id, author: old.author, caption: "edited", image: old.image, likeCount: 777, like: .liked)
        let stranger = FeedFixtures.post(999)
        try await cache.updatePosts([changed, stranger], savedAt: t0.addingTimeInterval(60))
        let saved = try #require(try await cache.load())
        #expect(saved.posts.map(\.id) == (pages[0].posts + pages[1].posts).map(\.id), "nothing moved, nothing added")
        #expect(saved.posts[2].caption == "edited")
        #expect(saved.posts[2].likeCount == 777)
        #expect(saved.posts[2].like == .liked)
        #expect(saved.savedAt == t0.addingTimeInterval(60))
        #expect(saved.next == pages[1].next)
    }

    @Test(arguments: Kind.allCases)
    func updatePostsOnAnEmptyCacheSavesNothing(kind: Kind) async throws {
        let cache = try await make(kind)
        try await cache.updatePosts(pages[0].posts, savedAt: t0)
        #expect(try await cache.load() == nil)
    }

    @Test(arguments: Kind.allCases)
    func thePlaceIsSavedBesideThePagesAndClearedWithThem(kind: Kind) async throws {
        let cache = try await make(kind)
        try await cache.replaceAll(with: pages[0], savedAt: t0)
        try await cache.saveAnchor(FeedAnchor(post: "p7", lineOffset: 3, savedAt: t0))
        #expect(try await cache.load()?.anchor == FeedAnchor(post: "p7", lineOffset: 3, savedAt: t0))
        try await cache.saveAnchor(nil)
        #expect(try await cache.load()?.anchor == nil, "at the top: no place")
        try await cache.saveAnchor(FeedAnchor(post: "p8", lineOffset: 0, savedAt: t0))
        try await cache.clear()
        try await cache.replaceAll(with: pages[0], savedAt: t0)
        #expect(try await cache.load()?.anchor == nil, "a logout forgets the place")
    }

    @Test func aVersion1FileIsMigratedWithItsPages() async throws {
        let url = directory.file("feed.sqlite")
        do {
            let cache = try await SQLiteFeedCache.open(at: url, warn: { _ in })
            try await cache.replaceAll(with: pages[0], savedAt: t0)
        }
        do {
            // What a version 1 build left: no feed_anchor table, none of the newer post columns, user_version 1.
            let raw = try Connection(path: url.path)
            try raw.execute("DROP TABLE feed_anchor")
            for column in ["comment_count", "created_at", "placeholder", "renditions", "blur_hash", "boosted_by", "content_warning", "sensitive"] {
                try raw.execute("ALTER TABLE posts DROP COLUMN \(column)")
            }
            try raw.execute("PRAGMA user_version = 1")
        }
        let warnings = WarningCollector()
        let cache = try await SQLiteFeedCache.open(at: url, warn: { warnings.add($0) })
        #expect(try await cache.load()?.posts.map(\.id) == pages[0].posts.map(\.id), "the pages survive the migration")
        try await cache.saveAnchor(FeedAnchor(post: "p2", lineOffset: 1, savedAt: t0))
        #expect(try await cache.load()?.anchor?.post == "p2")
        #expect(warnings.lines.isEmpty, "\(warnings.lines)")
    }

    @Test func aVersion2FileIsMigratedWithItsPagesAndPlace() async throws {
        let url = directory.file("feed.sqlite")
        do {
            let cache = try await SQLiteFeedCache.open(at: url, warn: { _ in })
            try await cache.replaceAll(with: pages[0], savedAt: t0)
            try await cache.saveAnchor(FeedAnchor(post: "p2", lineOffset: 1, savedAt: t0))
        }
        do {
            // What a version 2 build left: none of the Mastodon columns, user_version 2.
            let raw = try Connection(path: url.path)
            for column in ["blur_hash", "boosted_by", "content_warning", "sensitive"] {
                try raw.execute("ALTER TABLE posts DROP COLUMN \(column)")
            }
            try raw.execute("PRAGMA user_version = 2")
        }
        let warnings = WarningCollector()
        let cache = try await SQLiteFeedCache.open(at: url, warn: { warnings.add($0) })
        let saved = try await cache.load()
        #expect(saved?.posts == pages[0].posts, "the pages survive the migration, every field")
        #expect(saved?.anchor?.post == "p2", "and the reader's place")
        #expect(warnings.lines.isEmpty, "\(warnings.lines)")
    }

    @Test func aHostilePlaceIsNoPlace() async throws {
        let url = directory.file("feed.sqlite")
        let cache = try await SQLiteFeedCache.open(at: url, warn: { _ in })
        try await cache.replaceAll(with: pages[0], savedAt: t0)
        let raw = try Connection(path: url.path)
        try raw.execute("INSERT INTO feed_anchor (id, post_id, line_offset, saved_at) VALUES (1, 'p1', 99999999, 0)")
        #expect(try await cache.load()?.anchor == nil, "an offset out of range")
        #expect(try await cache.load()?.posts.count == pages[0].posts.count, "the pages still load")
    }
}

/// Warning lines, collected across threads.
private final class WarningCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []
    func add(_ line: String) { lock.withLock { collected.append(line) } }
    var lines: [String] { lock.withLock { collected } }
}
