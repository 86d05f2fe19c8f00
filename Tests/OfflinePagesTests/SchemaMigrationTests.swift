import Database
import FeedInterface
import FeedTesting
import Foundation
import OfflinePages
import Testing
import TestingSupport

/// The saved-pages schema moved from version 1 to 2 (comment count, time, placeholder, renditions):
/// a user's version 1 file is migrated in place and every saved row stays.
@Suite("Store: a version 1 file becomes version 2 keeping its rows")
struct SchemaMigrationTests {
    let directory: TemporaryDirectory
    let url: URL
    let warnings = WarningLog()

    init() throws {
        directory = try TemporaryDirectory()
        url = directory.file("cache/feed.sqlite")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    }

    /// The version 1 schema as the first build wrote it (copied here on purpose: it must not follow later edits).
    private static let version1 = """
        CREATE TABLE posts (
            id          TEXT PRIMARY KEY NOT NULL,
            author_id   TEXT NOT NULL,
            author_name TEXT NOT NULL,
            caption     TEXT NOT NULL,
            image_url   TEXT NOT NULL,
            width       INTEGER NOT NULL,
            height      INTEGER NOT NULL,
            like_count  INTEGER NOT NULL,
            like_state  TEXT NOT NULL CHECK (like_state IN ('liked', 'notLiked', 'unknown'))
        ) WITHOUT ROWID;
        CREATE TABLE feed_order (
            position INTEGER PRIMARY KEY,
            post_id  TEXT NOT NULL UNIQUE REFERENCES posts(id)
        );
        CREATE TABLE feed_meta (
            id          INTEGER PRIMARY KEY CHECK (id = 1),
            next_cursor TEXT,
            saved_at    REAL NOT NULL,
            page_count  INTEGER NOT NULL CHECK (page_count >= 1)
        );
        PRAGMA user_version = 1;
        """

    /// Writes a version 1 file holding `count` posts, as a user of the previous build has it.
    private func writeVersion1File(count: Int) throws {
        let raw = try Connection(path: url.path)
        defer { raw.close() }
        try raw.executeScript(Self.version1)
        for number in 1...count {
            try raw.execute(
                "INSERT INTO posts VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                ["p\(number)", "a\(number)", "Author \(number)", "Caption \(number)", "https://img.feed.example/p\(number).jpg",
                 1080, 1350, number * 3, number == 2 ? "liked" : "notLiked"])
            try raw.execute("INSERT INTO feed_order VALUES (?, ?)", [number, "p\(number)"])
        }
        try raw.execute("INSERT INTO feed_meta VALUES (1, 'c-next', 812345678.5, 2)")
    }

    @Test("every saved row of a version 1 file is read after the migration, with the new fields empty")
    func migratesKeepingRows() async throws {
        try writeVersion1File(count: 25)
        let cache = try await SQLiteFeedCache.open(at: url, warn: warnings.sink)
        let saved = try #require(try await cache.load())
        #expect(warnings.all.isEmpty, "a migration is not a rebuild: \(warnings.all)")
        #expect(saved.posts.map(\.id.rawValue) == (1...25).map { "p\($0)" })
        #expect(saved.posts[1].like == .liked && saved.posts[1].likeCount == 6)
        #expect(saved.posts.allSatisfy { $0.commentCount == nil && $0.createdAt == nil })
        #expect(saved.posts.allSatisfy { $0.image?.placeholder == nil && $0.image?.renditions.isEmpty == true && $0.image?.blurHash == nil && $0.notes == .none })
        #expect(saved.next == Cursor("c-next"))
        #expect(saved.savedAt == Date(timeIntervalSinceReferenceDate: 812_345_678.5))
        // No file was moved aside.
        let names = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(!names.contains { $0.contains("corrupt") }, "\(names)")
    }

    @Test("the migrated file is version 3 with the new columns, and the cap still counts its two pages")
    func migratedFileIsVersion3() async throws {
        try writeVersion1File(count: 3)
        let cache = try await SQLiteFeedCache.open(at: url, warn: warnings.sink)
        try await cache.append(FeedPage(posts: [Self.richPost(100)], next: nil), savedAt: Date())
        #expect(try await cache.load()?.posts.count == 4)
        let raw = try Connection(path: url.path)
        defer { raw.close() }
        #expect(try raw.userVersion() == 3)
        let columns = try raw.query("SELECT name FROM pragma_table_info('posts')") { try $0.column(0, as: String.self) }
        #expect(columns.suffix(8) == ["comment_count", "created_at", "placeholder", "renditions", "blur_hash", "boosted_by", "content_warning", "sensitive"])
        #expect(try raw.query("SELECT page_count FROM feed_meta") { try $0.column(0, as: Int.self) } == [3])
    }

    @Test("the new fields round-trip once saved, and a migrated row gains them on the next save")
    func newFieldsRoundTrip() async throws {
        try writeVersion1File(count: 2)
        let cache = try await SQLiteFeedCache.open(at: url, warn: warnings.sink)
        let page = FeedPage(posts: [Self.richPost(1), Self.richPost(7)], next: Cursor("n"))
        try await cache.replaceAll(with: page, savedAt: Date(timeIntervalSinceReferenceDate: 1_000))
        let reopened = try await SQLiteFeedCache.open(at: url, warn: warnings.sink)
        let saved = try #require(try await reopened.load())
        #expect(saved.posts == page.posts)
        #expect(saved.posts.first?.commentCount == 12)
        #expect(saved.posts.first?.image?.renditions.map(\.width) == [150, 600])
    }

    @Test("a text post, a boost, a content warning, a sensitive photo and its BlurHash round-trip (version 3)")
    func mastodonFieldsRoundTrip() async throws {
        let cache = try await SQLiteFeedCache.open(at: url, warn: warnings.sink)
        let plain = FeedFixtures.post(3)
        let text = Post(
            id: "t1", author: plain.author, caption: "only words", image: nil, likeCount: 2, like: .liked,
            notes: PostNotes(boostedBy: "Booster", contentWarning: "spoilers"))
        let rich = Self.richPost(1)
        let sensitive = Post(
            id: rich.id, author: rich.author, caption: rich.caption,
            image: rich.image.map { ImageRef(url: $0.url, width: $0.width, height: $0.height, placeholder: $0.placeholder, renditions: $0.renditions, blurHash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj") },
            likeCount: rich.likeCount, like: rich.like, commentCount: rich.commentCount, createdAt: rich.createdAt, notes: PostNotes(sensitive: true))
        let page = FeedPage(posts: [text, sensitive, plain], next: nil)
        try await cache.replaceAll(with: page, savedAt: Date())
        let saved = try #require(try await SQLiteFeedCache.open(at: url, warn: warnings.sink).load())
        #expect(saved.posts == page.posts)
        #expect(saved.posts[0].image == nil && saved.posts[0].notes.contentWarning == "spoilers")
        #expect(saved.posts[1].image?.blurHash == "LEHV6nWB2yk8pyo0adR*.7kCMdnj" && saved.posts[1].notes.sensitive)
    }

    @Test("hostile version 3 values are ignored, never the row: a BlurHash that is none, a warning too long")
    func hostileVersion3Fields() async throws {
        let cache = try await SQLiteFeedCache.open(at: url, warn: warnings.sink)
        try await cache.replaceAll(with: FeedPage(posts: [Self.richPost(1), Self.richPost(2)], next: nil), savedAt: Date())
        do {
            let raw = try Connection(path: url.path)
            defer { raw.close() }
            try raw.execute("UPDATE posts SET blur_hash = '\u{1b}[2J', boosted_by = 7, content_warning = ?, sensitive = 'yes' WHERE id = 'p1'", [String(repeating: "w", count: 100_000)])
            try raw.execute("UPDATE posts SET blur_hash = X'00FF', sensitive = 99 WHERE id = 'p2'")
        }
        let saved = try #require(try await cache.load())
        #expect(saved.posts.map(\.id) == ["p1", "p2"])
        #expect(saved.posts.allSatisfy { $0.image?.blurHash == nil && !$0.notes.sensitive })
        let warning = try #require(saved.posts[0].notes.contentWarning, "a long warning is cut, never dropped")
        #expect(warning.count == PostLimits.noteCharacters + 1 && warning.hasSuffix("…"))
    }

    @Test("hostile version 2 values are ignored, never the row")
    func hostileNewFields() async throws {
        let cache = try await SQLiteFeedCache.open(at: url, warn: warnings.sink)
        try await cache.replaceAll(with: FeedPage(posts: [Self.richPost(1), Self.richPost(2)], next: nil), savedAt: Date())
        do {
            let raw = try Connection(path: url.path)
            defer { raw.close() }
            try raw.execute(
                "UPDATE posts SET comment_count = -5, created_at = 1e300, placeholder = 'red', renditions = '[{\"width\":-1' WHERE id = 'p1'")
            try raw.execute(
                "UPDATE posts SET comment_count = 'many', created_at = 'soon', placeholder = 7, renditions = ? WHERE id = 'p2'",
                [String(repeating: "[", count: 200_000)])
        }
        let saved = try #require(try await cache.load())
        #expect(saved.posts.map(\.id) == ["p1", "p2"])
        #expect(saved.posts.allSatisfy { $0.commentCount == nil && $0.createdAt == nil })
        #expect(saved.posts.allSatisfy { $0.image?.placeholder == nil && $0.image?.renditions.isEmpty == true && $0.image?.blurHash == nil && $0.notes == .none })
    }

    private static func richPost(_ number: Int) -> Post {
        let plain = FeedFixtures.post(number)
        let base = plain.image?.url ?? URL(string: "https://img.example/p.jpg")!
        return Post(
            id: plain.id, author: plain.author, caption: plain.caption,
            image: ImageRef(
                url: base, width: 1080, height: 1350, placeholder: PhotoColor(red: 200, green: 100, blue: 50),
                renditions: [
                    ImageRendition(width: 150, url: URL(string: base.absoluteString + "?w=150")!),
                    ImageRendition(width: 600, url: URL(string: base.absoluteString + "?w=600")!),
                ]),
            likeCount: plain.likeCount, like: plain.like, commentCount: 12,
            createdAt: Date(timeIntervalSinceReferenceDate: 800_000_000.25))
    }
}
