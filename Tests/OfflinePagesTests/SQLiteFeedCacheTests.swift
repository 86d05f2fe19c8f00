import Database
import FeedInterface
import FeedTesting
import Foundation
import LikesInterface
import ProcessTesting
import OfflinePages
import OfflinePagesInterface
import Testing
import TestingSupport

@Suite("Store: SQLiteFeedCache keeps the first pages")
struct SQLiteFeedCacheTests {
    let directory: TemporaryDirectory
    let url: URL
    let warnings = WarningLog()
    let pages = FeedFixtures.pages(count: 4)
    let t0 = Date(timeIntervalSinceReferenceDate: 812_345_678.123_456)

    init() throws {
        directory = try TemporaryDirectory()
        url = directory.file("cache/feed.sqlite")
    }

    private func open() async throws -> SQLiteFeedCache {
        try await SQLiteFeedCache.open(at: url, warn: warnings.sink)
    }

    @Test("close ends the file for good: the write-ahead log is gone at once, and a later use throws")
    func close() async throws {
        let cache = try await open()
        try await cache.replaceAll(with: pages[0], savedAt: t0)
        await cache.close()
        let left = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(!left.contains { $0.hasSuffix("-wal") || $0.hasSuffix("-shm") }, "\(left)")
        await #expect(throws: (any Error).self) { try await cache.load() }
        #expect(try await open().load()?.posts.count == pages[0].posts.count, "what was saved is in the file")
    }

    @Test("a new cache loads nil")
    func empty() async throws {
        let cache = try await open()
        #expect(try await cache.load() == nil)
        #expect(warnings.all.isEmpty)
    }

    @Test("replaceAll then load gives the page, its cursor and the exact save time")
    func roundTrip() async throws {
        let cache = try await open()
        try await cache.replaceAll(with: pages[0], savedAt: t0)
        #expect(try await cache.load() == CachedFeed(posts: pages[0].posts, next: Cursor("c1"), savedAt: t0))
    }

    @Test("append adds pages up to the cap of 3; page 4 is refused; the cursor follows the last page saved")
    func cap() async throws {
        let cache = try await open()
        try await cache.replaceAll(with: pages[0], savedAt: t0)
        try await cache.append(pages[1], savedAt: t0 + 1)
        try await cache.append(pages[2], savedAt: t0 + 2)
        try await cache.append(pages[3], savedAt: t0 + 3)
        let saved = try #require(try await cache.load())
        #expect(saved.posts == pages[0].posts + pages[1].posts + pages[2].posts)
        #expect(saved.next == Cursor("c3"))
        #expect(saved.savedAt == t0 + 2)
        #expect(SQLiteFeedCache.pageCap == 3)
    }

    @Test("replaceAll after 3 pages starts over with one page, and append works again")
    func replaceResetsCap() async throws {
        let cache = try await open()
        try await cache.replaceAll(with: pages[0], savedAt: t0)
        try await cache.append(pages[1], savedAt: t0)
        try await cache.append(pages[2], savedAt: t0)
        try await cache.replaceAll(with: pages[3], savedAt: t0 + 10)
        try await cache.append(pages[0], savedAt: t0 + 11)
        let saved = try #require(try await cache.load())
        #expect(saved.posts.map(\.id) == (pages[3].posts + pages[0].posts).map(\.id))
        #expect(saved.next == Cursor("c1"))
    }

    @Test("IDs already saved are skipped: the first copy keeps its place and data")
    func duplicates() async throws {
        let cache = try await open()
        try await cache.replaceAll(with: pages[0], savedAt: t0)
        var again = pages[0].posts[3]
        again.likeCount = 999
        let fresh = pages[1].posts
        let page = FeedPage(posts: [again, fresh[0], fresh[0], fresh[1]], next: Cursor("c2"))
        try await cache.append(page, savedAt: t0)
        let saved = try #require(try await cache.load())
        #expect(saved.posts == pages[0].posts + [fresh[0], fresh[1]])
        #expect(saved.next == Cursor("c2"))
    }

    @Test("a page with an ID twice saves it once")
    func duplicatesWithinReplace() async throws {
        let cache = try await open()
        let posts = pages[0].posts
        try await cache.replaceAll(with: FeedPage(posts: [posts[0], posts[1], posts[0]], next: nil), savedAt: t0)
        #expect(try await cache.load() == CachedFeed(posts: [posts[0], posts[1]], next: nil, savedAt: t0))
    }

    @Test("append with nothing saved does nothing: a later page never becomes the head")
    func appendToEmpty() async throws {
        let cache = try await open()
        try await cache.append(pages[1], savedAt: t0)
        #expect(try await cache.load() == nil)
    }

    @Test("updateLike changes only that post and never moves it")
    func updateLike() async throws {
        let cache = try await open()
        try await cache.replaceAll(with: pages[0], savedAt: t0)
        try await cache.append(pages[1], savedAt: t0 + 1)
        let before = try #require(try await cache.load())
        let target = before.posts[25]
        try await cache.updateLikes([target.id: LikeResult(liked: true, likeCount: 42)])
        try await cache.updateLikes(["not-saved": LikeResult(liked: true, likeCount: 1)])
        let after = try #require(try await cache.load())
        var expected = before.posts
        expected[25].like = .liked
        expected[25].likeCount = 42
        #expect(after.posts == expected)
        #expect(after.next == before.next)
        #expect(after.savedAt == before.savedAt)
        try await cache.updateLikes([target.id: LikeResult(liked: false, likeCount: 41)])
        let unliked = try #require(try await cache.load())
        #expect(unliked.posts[25].like == .notLiked)
        #expect(unliked.posts[25].likeCount == 41)
        #expect(unliked.posts.map(\.id) == before.posts.map(\.id))
    }

    @Test("hearts unknown, liked and not liked survive a round trip")
    func hearts() async throws {
        let cache = try await open()
        let unknown = FeedFixtures.pages(count: 1, like: .unknown)[0]
        var posts = unknown.posts
        posts[1].like = .liked
        posts[2].like = .notLiked
        try await cache.replaceAll(with: FeedPage(posts: posts, next: nil), savedAt: t0)
        let saved = try #require(try await cache.load())
        #expect(saved.posts.map(\.like) == posts.map(\.like))
        #expect(saved.posts.filter { $0.like == .unknown }.count == 18)
        #expect(saved.next == nil)
    }

    @Test("text of every kind survives: emoji, quotes, empty captions, odd URLs, numbers at the ends of their ranges")
    func text() async throws {
        let cache = try await open()
        let post = Post(
            id: "p-'\"; DROP TABLE posts; --",
            author: Author(id: "ä", name: "Zoë 👩🏽‍💻"),
            caption: "",
            image: ImageRef(url: URL(string: "https://img.example/a%20b.jpg?x=1&y=é")!, width: 1, height: 100_000),
            likeCount: 1_000_000_000_000,
            like: .liked
        )
        try await cache.replaceAll(with: FeedPage(posts: [post], next: Cursor("🙂 opaque")), savedAt: t0)
        #expect(try await cache.load() == CachedFeed(posts: [post], next: Cursor("🙂 opaque"), savedAt: t0))
    }

    @Test("clear deletes everything; the cache is usable afterwards")
    func clear() async throws {
        let cache = try await open()
        try await cache.replaceAll(with: pages[0], savedAt: t0)
        try await cache.clear()
        #expect(try await cache.load() == nil)
        try await cache.replaceAll(with: pages[1], savedAt: t0)
        #expect(try await cache.load()?.posts == pages[1].posts)
    }

    @Test("the feed survives closing and reopening the file")
    func reopen() async throws {
        do {
            let cache = try await open()
            try await cache.replaceAll(with: pages[0], savedAt: t0)
            try await cache.append(pages[1], savedAt: t0 + 1)
        }
        let reopened = try await open()
        #expect(try await reopened.load() == CachedFeed(posts: pages[0].posts + pages[1].posts, next: Cursor("c2"), savedAt: t0 + 1))
        #expect(warnings.all.isEmpty)
    }

    @Test("the directory is created 0700 and the database, -wal and -shm are 0600")
    func modes() async throws {
        let cache = try await open()
        #expect(fileMode(url.deletingLastPathComponent()) == 0o700)
        #expect(fileMode(url) == 0o600)
        try await cache.replaceAll(with: pages[0], savedAt: t0)
        #expect(fileMode(url) == 0o600)
        #expect(fileMode(sidecar(url, "-wal")) == 0o600)
        #expect(fileMode(sidecar(url, "-shm")) == 0o600)
    }

    @Test("an existing file readable by others is narrowed to 0600")
    func narrowsExistingFile() async throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o644]))
        #expect(fileMode(url) == 0o644)
        let cache = try await open()
        try await cache.replaceAll(with: pages[0], savedAt: t0)
        #expect(fileMode(url) == 0o600)
        #expect(fileMode(sidecar(url, "-wal")) == 0o600)
        #expect(warnings.all.isEmpty)
    }

    @Test(
        "after its writes the cache still holds SQLite's locks on its file and -shm: nothing outside SQLite opened them",
        .enabled(if: FileLocks.isListed, "needs /proc/locks"))
    func keepsSQLiteLocks() async throws {
        let cache = try await open()
        try await cache.replaceAll(with: pages[0], savedAt: t0)
        try await cache.updateLikes(["p1": LikeResult(liked: true, likeCount: 3)])
        // Closing any descriptor of these files drops them, and another process could then delete the log.
        #expect(!FileLocks.held(on: url).isEmpty)
        #expect(!FileLocks.held(on: sidecar(url, "-shm")).isEmpty)
        _ = try await cache.load()
    }

    @Test("deleteFiles removes the database, -wal, -shm and moved-aside copies; missing files are fine")
    func deleteFiles() async throws {
        let cache = try await open()
        try await cache.replaceAll(with: pages[0], savedAt: t0)
        let aside = URL(fileURLWithPath: url.path + ".corrupt-2026-01-01T00:00:00.000Z")
        #expect(FileManager.default.createFile(atPath: aside.path, contents: Data("old".utf8)))
        #expect(fileNames(in: url.deletingLastPathComponent()).count == 4)
        try DatabaseFiles.delete(url)
        #expect(fileNames(in: url.deletingLastPathComponent()) == [])
        try DatabaseFiles.delete(url)
        try DatabaseFiles.delete(directory.file("never/created.sqlite"))
    }

    @Test("a cache that cannot be created throws one clear line naming the path")
    func cannotOpen() async throws {
        let blocker = directory.file("blocker")
        #expect(FileManager.default.createFile(atPath: blocker.path, contents: Data("a file, not a folder".utf8)))
        let inside = blocker.appendingPathComponent("feed.sqlite")
        let error = await #expect(throws: StoreError.self) { try await SQLiteFeedCache.open(at: inside, warn: warnings.sink) }
        #expect(error?.description.hasPrefix("feed: cannot open the offline cache at \(inside.path)") == true)
        #expect(error?.description.contains("\n") == false)
        #expect(warnings.all.isEmpty)
    }
}
