import Database
import FeedInterface
import FeedTesting
import Foundation
import OfflinePages
import OfflinePagesInterface
import Testing
import TestingSupport

@Suite("Store: an unreadable cache is moved aside and rebuilt, never a crash")
struct UnreadableCacheTests {
    let directory: TemporaryDirectory
    let url: URL
    let warnings = WarningLog()
    let page = FeedFixtures.pages(count: 1)[0]

    init() throws {
        directory = try TemporaryDirectory()
        url = directory.file("feed.sqlite")
    }

    /// Checks the one warning line and the moved-aside file, and returns where it went.
    private func expectOneWarning(reason: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        let lines = warnings.all
        #expect(lines.count == 1, "exactly one warning: \(lines)", sourceLocation: sourceLocation)
        let line = try #require(lines.first, sourceLocation: sourceLocation)
        let asides = fileNames(in: directory.url).filter { $0.hasPrefix("feed.sqlite.corrupt-") && !$0.hasSuffix("-wal") }
        #expect(asides.count == 1, "\(asides)", sourceLocation: sourceLocation)
        let aside = directory.file(try #require(asides.first, sourceLocation: sourceLocation))
        #expect(
            line == "feed: the offline cache at \(url.path) was unreadable (\(reason)); moved it aside to \(aside.path) and started a new one",
            sourceLocation: sourceLocation
        )
        return aside
    }

    @Test("garbage over the file: rebuilt with one warning, load is nil, the garbage is kept aside")
    func garbage() async throws {
        let garbage = Data(String(repeating: "not a database at all. ", count: 500).utf8)
        try garbage.write(to: url)
        let cache = try await SQLiteFeedCache.open(at: url, warn: warnings.sink)
        #expect(try await cache.load() == nil)
        let aside = try expectOneWarning(reason: "file is not a database")
        #expect(try Data(contentsOf: aside) == garbage)
        try await cache.replaceAll(with: page, savedAt: Date(timeIntervalSinceReferenceDate: 1))
        #expect(try await cache.load()?.posts == page.posts)
        #expect(fileMode(url) == 0o600)
        #expect(warnings.all.count == 1)
    }

    @Test("a file of schema version 99 is rebuilt with one warning")
    func futureVersion() async throws {
        do {
            let cache = try await SQLiteFeedCache.open(at: url, warn: warnings.sink)
            try await cache.replaceAll(with: page, savedAt: Date())
        }
        do {
            let raw = try Connection(path: url.path)
            try raw.execute("PRAGMA user_version = 99")
        }
        let cache = try await SQLiteFeedCache.open(at: url, warn: warnings.sink)
        #expect(try await cache.load() == nil)
        _ = try expectOneWarning(reason: "schema version 99; this build reads version 3")
    }

    @Test("a database of another program (tables, version 0) is rebuilt with one warning")
    func foreignTables() async throws {
        do {
            let raw = try Connection(path: url.path)
            try raw.execute("CREATE TABLE someone_elses (x)")
        }
        let cache = try await SQLiteFeedCache.open(at: url, warn: warnings.sink)
        #expect(try await cache.load() == nil)
        _ = try expectOneWarning(reason: "it holds tables this program did not write")
    }

    /// A cache opened on a sound file whose pages are then overwritten on disk behind its back. The second
    /// connection's commit makes the cache re-read its pages; keep it open until the test ends.
    private func cacheCorruptedAfterOpening() async throws -> (SQLiteFeedCache, Connection) {
        let data = FeedFixtures.pages(count: 3)
        do {
            let cache = try await SQLiteFeedCache.open(at: url, warn: warnings.sink)
            try await cache.replaceAll(with: data[0], savedAt: Date())
            try await cache.append(data[1], savedAt: Date())
            try await cache.append(data[2], savedAt: Date())
        }
        // Closing checkpointed everything into the file; the cache opens and validates it.
        #expect(fileNames(in: directory.url) == ["feed.sqlite"])
        let cache = try await SQLiteFeedCache.open(at: url, warn: warnings.sink)
        #expect(try await cache.load()?.posts.count == 60)

        let other = try Connection(path: url.path)
        try other.execute("UPDATE posts SET like_count = 7 WHERE id = 'p1'")
        let handle = try FileHandle(forWritingTo: url)
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: UInt8(ascii: "g"), count: Int(size) - 4096))
        try handle.close()
        return (cache, other)
    }

    @Test("corruption found later by load: rebuilt with one warning and nil")
    func corruptionAtLoad() async throws {
        let (cache, other) = try await cacheCorruptedAfterOpening()
        defer { other.close() }
        #expect(try await cache.load() == nil)
        _ = try expectOneWarning(reason: "database disk image is malformed")
        try await cache.replaceAll(with: page, savedAt: Date())
        #expect(try await cache.load()?.posts == page.posts)
        #expect(warnings.all.count == 1)
    }

    @Test("corruption found by replaceAll: rebuilt with one warning, and the new page is saved")
    func corruptionAtReplace() async throws {
        let (cache, other) = try await cacheCorruptedAfterOpening()
        defer { other.close() }
        let savedAt = Date(timeIntervalSinceReferenceDate: 5)
        try await cache.replaceAll(with: page, savedAt: savedAt)
        _ = try expectOneWarning(reason: "database disk image is malformed")
        #expect(try await cache.load() == CachedFeed(posts: page.posts, next: page.next, savedAt: savedAt))
        #expect(warnings.all.count == 1)
    }

    @Test("only the newest moved-aside copy is kept")
    func keepsOneAside() async throws {
        for round in 1...3 {
            try Data("garbage round \(round)".utf8).write(to: url)
            // Remove the log and index of the previous round's good file, as a torn copy would lack them.
            try? FileManager.default.removeItem(at: sidecar(url, "-wal"))
            try? FileManager.default.removeItem(at: sidecar(url, "-shm"))
            _ = try await SQLiteFeedCache.open(at: url, warn: warnings.sink)
        }
        #expect(warnings.all.count == 3)
        let asides = fileNames(in: directory.url).filter { $0.contains(".corrupt-") }
        #expect(asides.count == 1)
        let aside = directory.file(try #require(asides.first))
        #expect(try String(contentsOf: aside, encoding: .utf8) == "garbage round 3")
    }
}
