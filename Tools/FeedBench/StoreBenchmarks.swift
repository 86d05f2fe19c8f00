import CSQLite
import FeedInterface
import FeedTesting
import Foundation
import LikesInterface
import OfflinePages
import OfflinePagesInterface

/// (e) The offline cache through `OfflinePages` against the same SQL on SQLite's C API, in one run.
@MainActor
enum StoreBenchmarks {
    /// Iterations per operation; the median is reported.
    nonisolated static let iterations = 401

    /// Replace-all of 20 posts, a read of 60, one like update: `SQLiteFeedCache` versus raw SQLite.
    static func run() async -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("feed-bench-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let results: [(String, Samples)]
        do {
            results = try await measure(in: directory)
        } catch {
            return ["(e) store vs raw SQLite: could not run (\(error))"]
        }
        guard !results.isEmpty else { return ["(e) store vs raw SQLite: the two reads disagree; figures withheld"] }
        return ["(e) store vs raw SQLite (goal: within 1.3×; medians of \(iterations), WAL, synchronous=NORMAL, both called off the main actor)"]
            + results.map { name, samples in samples.line(name) }
    }

    /// Runs off the main actor, like the feed's own calls into the cache, so no main-thread hop is timed.
    /// Empty when the store and the raw read disagree.
    private nonisolated static func measure(in directory: URL) async throws -> [(String, Samples)] {
        let storeURL = directory.appendingPathComponent("store/feed.sqlite")
        let rawURL = directory.appendingPathComponent("raw/feed.sqlite")
        let cache = try await SQLiteFeedCache.open(at: storeURL) { print($0) }
        // The raw file gets the identical schema from the store, then is driven through the C API alone.
        _ = try await SQLiteFeedCache.open(at: rawURL) { print($0) }
        let raw = try RawCache(path: rawURL.path)

        let pages = FeedFixtures.pages(count: 3)
        let savedAt = Date()
        var replace = Samples()
        for index in 0..<iterations {
            let page = pages[index % 3]
            replace.store.append(await time { try? await cache.replaceAll(with: page, savedAt: savedAt) })
            replace.raw.append(time { try? raw.replaceAll(with: page, savedAt: savedAt) })
        }

        try await cache.replaceAll(with: pages[0], savedAt: savedAt)
        try await cache.append(pages[1], savedAt: savedAt)
        try await cache.append(pages[2], savedAt: savedAt)
        try raw.replaceAll(with: pages[0], savedAt: savedAt)
        try raw.append(pages[1], savedAt: savedAt)
        try raw.append(pages[2], savedAt: savedAt)
        let storeFeed = try await cache.load()
        let rawFeed = try raw.load()
        guard let storeFeed, storeFeed.posts.count == 60, storeFeed == rawFeed else {
            return []
        }
        var read = Samples()
        for _ in 0..<iterations {
            read.store.append(await time { _ = try? await cache.load() })
            read.raw.append(time { _ = try? raw.load() })
        }

        var like = Samples()
        for index in 0..<iterations {
            let post = pages[1].posts[index % 20].id
            like.store.append(await time { try? await cache.updateLikes([post: LikeResult(liked: index % 2 == 0, likeCount: index)]) })
            like.raw.append(time { try? raw.updateLike(post: post, liked: index % 2 == 0, likeCount: index) })
        }

        return [("replace 20", replace), ("read 60", read), ("like update", like)]
    }

    /// Paired timings of one operation.
    private struct Samples: Sendable {
        var store: [Duration] = []
        var raw: [Duration] = []

        @MainActor func line(_ name: String) -> String {
            let store = Self.median(store)
            let raw = Self.median(raw)
            return "    \(name): store \(Measure.format(store)), raw \(Measure.format(raw)) → \(Measure.ratio(store, raw))"
        }

        private static func median(_ samples: [Duration]) -> Duration { samples.sorted()[samples.count / 2] }
    }

    private nonisolated static func time(_ body: () async -> Void) async -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        await body()
        return clock.now - start
    }

    private nonisolated static func time(_ body: () -> Void) -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        body()
        return clock.now - start
    }

    /// The cache's SQL on the C API: one connection opened like `Connection`, each statement prepared once.
    private final class RawCache {
        /// A parameter, typed without any dynamic cast.
        enum Value {
            case int(Int), double(Double), text(String), null

            static func text(_ text: String?) -> Value { text.map { .text($0) } ?? .null }
        }

        private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        private var db: OpaquePointer?
        private var statements: [String: OpaquePointer] = [:]

        init(path: String) throws {
            guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK else {
                throw RawError(message: db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open \(path)")
            }
            sqlite3_busy_timeout(db, 5000)
            for pragma in ["PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL", "PRAGMA foreign_keys=ON"] {
                try run(pragma, [])
            }
        }

        deinit {
            for statement in statements.values { sqlite3_finalize(statement) }
            sqlite3_close_v2(db)
        }

        func replaceAll(with page: FeedPage, savedAt: Date) throws {
            try run("BEGIN IMMEDIATE", [])
            do {
                try run("DELETE FROM feed_order", [])
                try run("DELETE FROM posts", [])
                try insert(page.posts, after: 0, skipping: [])
                try run(Self.replaceMeta, [.text(page.next?.rawValue), .double(savedAt.timeIntervalSinceReferenceDate)])
                try run("COMMIT", [])
            } catch {
                try? run("ROLLBACK", [])
                throw error
            }
        }

        func append(_ page: FeedPage, savedAt: Date) throws {
            try run("BEGIN IMMEDIATE", [])
            var saved: Set<PostID> = []
            try each("SELECT post_id FROM feed_order") { saved.insert(PostID(Self.text($0, 0))) }
            var last = 0
            try each("SELECT coalesce(max(position), 0) FROM feed_order") { last = Int(sqlite3_column_int64($0, 0)) }
            try insert(page.posts, after: last, skipping: saved)
            try run(Self.appendMeta, [.text(page.next?.rawValue), .double(savedAt.timeIntervalSinceReferenceDate)])
            try run("COMMIT", [])
        }

        func load() throws -> CachedFeed? {
            try run("BEGIN DEFERRED", [])
            defer { try? run("COMMIT", []) }
            var meta: (next: String?, savedAt: Double)?
            try each("SELECT next_cursor, saved_at, page_count FROM feed_meta WHERE id = 1") { statement in
                let next = sqlite3_column_type(statement, 0) == SQLITE_NULL ? nil : Self.text(statement, 0)
                meta = (next, sqlite3_column_double(statement, 1))
            }
            guard let meta else { return nil }
            var posts: [Post] = []
            try each(Self.selectPosts) { statement in
                guard let url = URL(string: Self.text(statement, 4)) else { return }
                posts.append(
                    Post(
                        id: PostID(Self.text(statement, 0)),
                        author: Author(id: Self.text(statement, 1), name: Self.text(statement, 2)),
                        caption: Self.text(statement, 3),
                        image: ImageRef(
                            url: url, width: Int(sqlite3_column_int64(statement, 5)), height: Int(sqlite3_column_int64(statement, 6))
                        ),
                        likeCount: Int(sqlite3_column_int64(statement, 7)),
                        like: LikeState(rawValue: Self.text(statement, 8)) ?? .unknown
                    )
                )
            }
            return CachedFeed(posts: posts, next: meta.next.map(Cursor.init), savedAt: Date(timeIntervalSinceReferenceDate: meta.savedAt))
        }

        func updateLike(post: PostID, liked: Bool, likeCount: Int) throws {
            try run("UPDATE posts SET like_state = ?, like_count = ? WHERE id = ?", [.text(LikeState(liked).rawValue), .int(likeCount), .text(post.rawValue)])
        }

        private func insert(_ posts: [Post], after position: Int, skipping saved: Set<PostID>) throws {
            var seen = saved
            var position = position
            for post in posts where seen.insert(post.id).inserted {
                position += 1
                try run(
                    Self.insertPost,
                    [
                        .text(post.id.rawValue), .text(post.author.id), .text(post.author.name), .text(post.caption),
                        .text(post.image?.url.absoluteString ?? ""), .int(post.image?.width ?? 0), .int(post.image?.height ?? 0),
                        .int(post.likeCount), .text(post.like.rawValue),
                    ]
                )
                try run("INSERT INTO feed_order (position, post_id) VALUES (?, ?)", [.int(position), .text(post.id.rawValue)])
            }
        }

        private func run(_ sql: String, _ values: [Value]) throws {
            try each(sql, values) { _ in }
        }

        private func each(_ sql: String, _ values: [Value] = [], _ row: (OpaquePointer) -> Void) throws {
            let statement = try prepared(sql)
            defer {
                sqlite3_reset(statement)
                sqlite3_clear_bindings(statement)
            }
            for (offset, value) in values.enumerated() {
                let index = Int32(offset + 1)
                switch value {
                case .int(let int): sqlite3_bind_int64(statement, index, Int64(int))
                case .double(let double): sqlite3_bind_double(statement, index, double)
                case .text(let text): sqlite3_bind_text(statement, index, text, Int32(text.utf8.count), Self.transient)
                case .null: sqlite3_bind_null(statement, index)
                }
            }
            while true {
                let code = sqlite3_step(statement)
                if code == SQLITE_DONE { return }
                guard code == SQLITE_ROW else { throw RawError(message: String(cString: sqlite3_errmsg(db))) }
                row(statement)
            }
        }

        private func prepared(_ sql: String) throws -> OpaquePointer {
            if let statement = statements[sql] { return statement }
            var statement: OpaquePointer?
            guard sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK, let statement else {
                throw RawError(message: String(cString: sqlite3_errmsg(db)))
            }
            statements[sql] = statement
            return statement
        }

        private static func text(_ statement: OpaquePointer, _ column: Int32) -> String {
            guard let bytes = sqlite3_column_text(statement, column) else { return "" }
            return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column))), as: UTF8.self)
        }

        private static let insertPost = """
            INSERT INTO posts (id, author_id, author_name, caption, image_url, width, height, like_count, like_state)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET
                author_id = excluded.author_id, author_name = excluded.author_name, caption = excluded.caption,
                image_url = excluded.image_url, width = excluded.width, height = excluded.height,
                like_count = excluded.like_count, like_state = excluded.like_state
            """
        private static let selectPosts = """
            SELECT p.id, p.author_id, p.author_name, p.caption, p.image_url, p.width, p.height, p.like_count, p.like_state
            FROM feed_order o JOIN posts p ON p.id = o.post_id
            ORDER BY o.position
            """
        private static let replaceMeta = """
            INSERT INTO feed_meta (id, next_cursor, saved_at, page_count) VALUES (1, ?, ?, 1)
            ON CONFLICT (id) DO UPDATE SET next_cursor = excluded.next_cursor, saved_at = excluded.saved_at, page_count = 1
            """
        private static let appendMeta = "UPDATE feed_meta SET next_cursor = ?, saved_at = ?, page_count = page_count + 1 WHERE id = 1"
    }

    /// A raw SQLite call failed.
    private struct RawError: Error, CustomStringConvertible {
        let message: String
        var description: String { "SQLite: \(message)" }
    }
}
