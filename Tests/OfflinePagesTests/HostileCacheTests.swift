import Database
import FeedInterface
import FeedTesting
import Foundation
@testable import OfflinePages
import Testing
import TestingSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A cache file that others wrote to, or a disk that fills up: one bad row never breaks the next
/// start, a foreign layout is rebuilt, a write failure is said once, symbolic links are refused.
// Serialized: one test sets the process umask to 000 for a moment, which would loosen its siblings' files.
@Suite("Store: a hostile disk", .serialized)
struct HostileCacheTests {
    let directory: TemporaryDirectory
    let url: URL
    let warnings = WarningLog()
    let page = FeedFixtures.pages(count: 1)[0]

    init() throws {
        directory = try TemporaryDirectory()
        url = directory.file("feed.sqlite")
    }

    private func saved() async throws {
        let cache = try await SQLiteFeedCache.open(at: url, warn: warnings.sink)
        try await cache.replaceAll(with: page, savedAt: Date(timeIntervalSinceReferenceDate: 1_000))
    }

    @Test("rows with numbers out of range or values of the wrong type are skipped, the rest load")
    func badRowsAreSkipped() async throws {
        try await saved()
        do {
            let raw = try Connection(path: url.path)
            try raw.execute("UPDATE posts SET width = 9223372036854775807 WHERE id = 'p1'")
            try raw.execute("UPDATE posts SET like_count = -5 WHERE id = 'p2'")
            try raw.execute("UPDATE posts SET height = 'tall' WHERE id = 'p3'")
            try raw.execute("UPDATE posts SET image_url = 'javascript:alert(1)' WHERE id = 'p4'")
            try raw.execute("UPDATE posts SET caption = ? WHERE id = 'p5'", [String(repeating: "x", count: 100_000)])
        }
        let cache = try await SQLiteFeedCache.open(at: url, warn: warnings.sink)
        let loaded = try #require(try await cache.load())
        #expect(loaded.posts.map(\.id) == page.posts.dropFirst(4).map(\.id))
        #expect(loaded.posts.first?.caption.count == PostLimits.captionCharacters + 1, "cut, with an ellipsis")
        #expect(warnings.all.isEmpty)
    }

    @Test("a saved position at the end of the integers is a damaged file: the next page starts it over, never a trap")
    func aPositionAtTheIntegerEdge() async throws {
        try await saved()
        do {
            let raw = try Connection(path: url.path)
            try raw.execute("UPDATE feed_order SET position = 9223372036854775807 WHERE position = (SELECT max(position) FROM feed_order)")
            raw.close()
        }
        let cache = try await SQLiteFeedCache.open(at: url, warn: warnings.sink)
        try? await cache.append(FeedFixtures.pages(count: 2)[1], savedAt: Date(timeIntervalSinceReferenceDate: 2_000))
        #expect(warnings.all.count <= 1, "at most one line: \(warnings.all)")
        try await cache.replaceAll(with: page, savedAt: Date(timeIntervalSinceReferenceDate: 3_000))
        #expect(try await cache.load()?.posts.count == page.posts.count, "the cache works on")
    }

    @Test("a file others filled with 100,000 rows loads at most loadLimit of them")
    func hugeFileLoadsABoundedNumberOfRows() async throws {
        try await saved()
        do {
            let raw = try Connection(path: url.path)
            try raw.write {
                for index in 100..<100_100 {
                    try raw.execute(
                        "INSERT INTO posts (id, author_id, author_name, caption, image_url, width, height, like_count, like_state) VALUES (?, 'u', 'U', '', 'https://img.example/x.jpg', 4, 5, 1, 'notLiked')",
                        ["q\(index)"])
                    try raw.execute("INSERT INTO feed_order (position, post_id) VALUES (?, ?)", [index, "q\(index)"])
                }
            }
        }
        let cache = try await SQLiteFeedCache.open(at: url, warn: warnings.sink)
        let loaded = try #require(try await cache.load())
        #expect(loaded.posts.count == SQLiteFeedCache.loadLimit)
        #expect(loaded.posts.prefix(page.posts.count).map(\.id) == page.posts.map(\.id), "the first rows are the saved page's")
    }

    @Test("a saved time that is not a time and an oversized cursor mean nothing usable was saved there")
    func badMeta() async throws {
        try await saved()
        do {
            let raw = try Connection(path: url.path)
            try raw.execute("UPDATE feed_meta SET next_cursor = ?", [String(repeating: "c", count: 10_000)])
        }
        let first = try await SQLiteFeedCache.open(at: url, warn: warnings.sink)
        #expect(try await first.load()?.next == nil, "an oversized cursor is dropped, the rows stay")
        do {
            let raw = try Connection(path: url.path)
            try raw.execute("UPDATE feed_meta SET saved_at = 1e300")
        }
        let second = try await SQLiteFeedCache.open(at: url, warn: warnings.sink)
        #expect(try await second.load() == nil)
    }

    @Test("a file with our table names but other columns is rebuilt with one warning")
    func foreignColumns() async throws {
        do {
            let raw = try Connection(path: url.path)
            try raw.executeScript(
                """
                CREATE TABLE posts (id TEXT PRIMARY KEY, body BLOB);
                CREATE TABLE feed_order (position INTEGER PRIMARY KEY, post_id TEXT);
                CREATE TABLE feed_meta (id INTEGER PRIMARY KEY, next_cursor TEXT, saved_at REAL, page_count INTEGER);
                PRAGMA user_version = 1;
                """)
        }
        let cache = try await SQLiteFeedCache.open(at: url, warn: warnings.sink)
        #expect(try await cache.load() == nil)
        #expect(warnings.all.count == 1)
        #expect(warnings.all.first?.contains("its table posts has the columns id, body") == true, "\(warnings.all)")
        try await cache.replaceAll(with: page, savedAt: Date())
        #expect(try await cache.load()?.posts.count == 20)
    }

    @Test("a full disk: the write fails, one warning says so, and what was saved stays")
    func fullDisk() async throws {
        let cache = try await SQLiteFeedCache.open(at: url, warn: warnings.sink)
        try await cache.replaceAll(with: page, savedAt: Date(timeIntervalSinceReferenceDate: 1_000))
        try await cache.limitGrowthForTesting(toPages: 1)
        let big = FeedPage(posts: (1...200).map { FeedFixtures.post(1_000 + $0) }, next: nil)
        await #expect(throws: DatabaseError.self) { try await cache.replaceAll(with: big, savedAt: Date()) }
        await #expect(throws: DatabaseError.self) { try await cache.replaceAll(with: big, savedAt: Date()) }
        #expect(warnings.all.count == 1, "\(warnings.all)")
        #expect(warnings.all.first?.contains("cannot be written") == true)
        #expect(try await cache.load()?.posts.map(\.id) == page.posts.map(\.id), "the old feed is whole")
    }

    @Test("a symbolic link where the database or its log should be is refused, never followed")
    func symbolicLinks() async throws {
        let target = directory.file("elsewhere.sqlite")
        #expect(FileManager.default.createFile(atPath: target.path, contents: Data()))
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target.path)
        await #expect(throws: StoreError.self) { try await SQLiteFeedCache.open(at: url, warn: warnings.sink) }
        #expect(try Data(contentsOf: target).isEmpty, "nothing was written through the link")
        try FileManager.default.removeItem(at: url)
        try FileManager.default.createSymbolicLink(atPath: url.path + "-wal", withDestinationPath: target.path)
        await #expect(throws: StoreError.self) { try await SQLiteFeedCache.open(at: url, warn: warnings.sink) }
        #expect(try Data(contentsOf: target).isEmpty)
    }

    @Test("a data directory others can write is refused with what to do; a missing one is made 0700")
    func directories() async throws {
        let open = directory.file("open")
        try FileManager.default.createDirectory(at: open, withIntermediateDirectories: false)
        chmod(open.path, 0o777)
        let error = await #expect(throws: StoreError.self) {
            try await SQLiteFeedCache.open(at: open.appendingPathComponent("feed.sqlite"), warn: warnings.sink)
        }
        #expect(error?.description.contains("others can write to it; run `chmod 700 \(open.path)`") == true, "\(String(describing: error))")
        let old = umask(0)
        defer { umask(old) }
        let nested = directory.file("a/b/c/feed.sqlite")
        _ = try await SQLiteFeedCache.open(at: nested, warn: warnings.sink)
        #expect(fileMode(directory.file("a/b/c")) == 0o700)
        #expect((fileMode(directory.file("a/b")) ?? 0o777) & 0o022 == 0, "parents are not made writable for others even under umask 000")
        #expect(fileMode(nested) == 0o600)
    }
}
