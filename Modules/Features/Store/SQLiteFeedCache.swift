import Database
import FeedInterface
import Foundation
import StoreInterface

/// The offline-pages cache: the first pages of the feed in SQLite (WAL), post data apart from feed order.
///
/// An actor owning one `Connection`, running on a thread of its own (`DatabaseExecutor`), so its
/// blocking SQLite calls — opening and rebuilding included — never hold the main actor or the
/// shared pool. A file that is corrupt, not a database, or of another schema version is moved aside
/// to `<name>.corrupt-<timestamp>` and rebuilt empty, with one warning line; never a crash. The
/// directory is created 0700, the files are 0600, and symbolic links are refused.
public actor SQLiteFeedCache: FeedCache {
    /// The most pages saved: the first three.
    public static let pageCap = 3

    private let url: URL
    private let warn: @Sendable (String) -> Void
    private let executor = DatabaseExecutor(name: "feed-cache")
    private var openConnection: Connection?
    private var modesNarrowed = false

    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    private init(url: URL, warn: @escaping @Sendable (String) -> Void) {
        self.url = url
        self.warn = warn
    }

    /// Opens the cache at `url`, creating it (and its directory) if missing; rebuilds an unreadable file
    /// after one line to `warn`. Throws `StoreError` only when the file cannot be created or opened at all.
    public static func open(at url: URL, warn: @escaping @Sendable (String) -> Void) async throws -> SQLiteFeedCache {
        let cache = SQLiteFeedCache(url: url, warn: warn)
        try await cache.connect()
        return cache
    }

    private func connect() throws {
        openConnection = try Self.openOrRebuild(url, warn: warn)
    }

    /// The saved feed, or `nil` when nothing is saved (or the file was unreadable and has been rebuilt).
    public func load() throws -> CachedFeed? {
        try recovering(retry: false) { db in
            try db.read { () throws -> CachedFeed? in
                let meta = try db.query(FeedSchema.selectMeta) { row in
                    (next: try row.column(0, as: String?.self), savedAt: try row.column(1, as: Double.self))
                }
                guard let meta = meta.first else { return nil }
                let posts = try db.query(FeedSchema.selectPosts) { row in try Self.post(row) }
                return CachedFeed(
                    posts: posts.compactMap { $0 },
                    next: meta.next.map(Cursor.init),
                    savedAt: Date(timeIntervalSinceReferenceDate: meta.savedAt)
                )
            }
        } ?? nil
    }

    /// Replaces everything with `page` in one transaction; on an unreadable file, rebuilds it and saves `page`.
    public func replaceAll(with page: FeedPage, savedAt: Date) throws {
        try recovering(retry: true) { db in
            try db.write {
                try db.execute(FeedSchema.deleteOrder)
                try db.execute(FeedSchema.deletePosts)
                try Self.insert(page.posts, after: 0, skipping: [], into: db)
                try db.execute(FeedSchema.replaceMeta, [page.next?.rawValue, savedAt.timeIntervalSinceReferenceDate])
            }
        }
        try narrowModesOnce()
    }

    /// Appends `page` while fewer than `pageCap` pages are saved; IDs already saved are skipped. Does nothing
    /// when nothing is saved, so a later page never becomes the head of the feed.
    public func append(_ page: FeedPage, savedAt: Date) throws {
        try recovering(retry: false) { db in
            try db.write {
                let pageCount = try db.query(FeedSchema.selectMeta) { row in try row.column(2, as: Int.self) }
                guard let pageCount = pageCount.first, pageCount < Self.pageCap else { return }
                let saved = try db.query(FeedSchema.savedIDs) { row in PostID(try row.column(0, as: String.self)) }
                let last = try db.query(FeedSchema.lastPosition) { row in try row.column(0, as: Int.self) }
                try Self.insert(page.posts, after: last.first ?? 0, skipping: Set(saved), into: db)
                try db.execute(FeedSchema.appendMeta, [page.next?.rawValue, savedAt.timeIntervalSinceReferenceDate])
            }
        }
        try narrowModesOnce()
    }

    /// Records the server's heart and count in the post's row only; its place never moves.
    public func updateLike(post: PostID, liked: Bool, likeCount: Int) throws {
        try recovering(retry: false) { db in
            try db.execute(FeedSchema.updateLike, [LikeState(liked).rawValue, likeCount, post.rawValue])
        }
        try narrowModesOnce()
    }

    /// Deletes every saved row; the file stays.
    public func clear() throws {
        try recovering(retry: false) { db in
            try db.write {
                try db.execute(FeedSchema.deleteOrder)
                try db.execute(FeedSchema.deletePosts)
                try db.execute(FeedSchema.deleteMeta)
            }
            // Fold the WAL back into the (overwritten) file and truncate it: no old page survives there.
            try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }

    // MARK: - Rows

    private static func insert(_ posts: [Post], after position: Int, skipping saved: Set<PostID>, into db: Connection) throws {
        var seen = saved
        var position = position
        for post in posts where seen.insert(post.id).inserted {
            position += 1
            try db.execute(
                FeedSchema.insertPost,
                [
                    post.id.rawValue, post.author.id, post.author.name, post.caption, post.image.url.absoluteString,
                    post.image.width, post.image.height, post.likeCount, post.like.rawValue,
                ]
            )
            try db.execute(FeedSchema.insertOrder, [position, post.id.rawValue])
        }
    }

    /// The post in `row` of `FeedSchema.selectPosts`; `nil` if its photo address no longer parses.
    private static func post(_ row: borrowing Row) throws -> Post? {
        guard let imageURL = URL(string: try row.column(4, as: String.self)) else { return nil }
        return Post(
            id: PostID(try row.column(0, as: String.self)),
            author: Author(id: try row.column(1), name: try row.column(2)),
            caption: try row.column(3),
            image: ImageRef(url: imageURL, width: try row.column(5), height: try row.column(6)),
            likeCount: try row.column(7),
            like: LikeState(rawValue: try row.column(8, as: String.self)) ?? .unknown
        )
    }

    // MARK: - Recovery

    /// Runs `body`; when the file turns out corrupt, rebuilds it (one warning) and, if `retry`, runs
    /// `body` once more on the new file. Returns `nil` when the cache was rebuilt and not retried.
    @discardableResult
    private func recovering<T>(retry: Bool, _ body: (Connection) throws -> T) throws -> T? {
        guard let connection = openConnection else { throw StoreError.cannotOpen(url, reason: "it is closed") }
        do {
            return try body(connection)
        } catch let error as DatabaseError where error.isCorrupt {
            connection.close()
            openConnection = nil
            let rebuilt = try Self.rebuild(url, reason: Self.reason(error), warn: warn)
            openConnection = rebuilt
            modesNarrowed = false
            return retry ? try body(rebuilt) : nil
        }
    }

    private func narrowModesOnce() throws {
        guard !modesNarrowed else { return }
        do {
            try DatabaseFiles.narrowModes(url)
        } catch {
            throw StoreError.cannotOpen(url, reason: "\(error)")
        }
        modesNarrowed = true
    }

    // MARK: - Opening

    private enum Opening {
        case ready(Connection)
        case unreadable(reason: String)
    }

    private static func openOrRebuild(_ url: URL, warn: @Sendable (String) -> Void) throws -> sending Connection {
        switch try openValidated(url) {
        case .ready(let connection): connection
        case .unreadable(let reason): try rebuild(url, reason: reason, warn: warn)
        }
    }

    /// Moves the unreadable file aside, says so in one line, and opens a new one.
    private static func rebuild(_ url: URL, reason: String, warn: @Sendable (String) -> Void) throws -> sending Connection {
        let aside: URL
        do {
            aside = try DatabaseFiles.moveAside(url)
        } catch {
            throw StoreError.cannotOpen(url, reason: "\(reason); moving it aside failed: \(error)")
        }
        warn("feed: the offline cache at \(url.path) was unreadable (\(reason)); moved it aside to \(aside.path) and started a new one")
        switch try openValidated(url) {
        case .ready(let connection): return connection
        case .unreadable(let again): throw StoreError.cannotOpen(url, reason: again)
        }
    }

    /// Opens `url` and checks it is this schema (or empty, then creates it) and sound.
    private static func openValidated(_ url: URL) throws -> Opening {
        do {
            try DatabaseFiles.prepare(url)
        } catch {
            throw StoreError.cannotOpen(url, reason: "\(error)")
        }
        let connection: Connection
        do {
            connection = try Connection(path: url.path)
        } catch where error.isCorrupt {
            return .unreadable(reason: reason(error))
        } catch {
            throw StoreError.cannotOpen(url, reason: reason(error))
        }
        do {
            if let problem = try schemaProblem(connection) {
                connection.close()
                return .unreadable(reason: problem)
            }
            try connection.migrate(FeedSchema.migrations)
            // Deleted rows are overwritten, so a logout leaves nothing readable behind.
            try connection.execute("PRAGMA secure_delete=ON")
            let problems = try connection.query("PRAGMA quick_check") { row in try row.column(0, as: String.self) }
            guard problems == ["ok"] else {
                connection.close()
                return .unreadable(reason: "it failed SQLite's check: \(problems.first ?? "no answer")")
            }
            return .ready(connection)
        } catch let error as DatabaseError where error.isCorrupt {
            connection.close()
            return .unreadable(reason: reason(error))
        } catch {
            connection.close()
            throw StoreError.cannotOpen(url, reason: (error as? DatabaseError).map(reason) ?? "\(error)")
        }
    }

    /// Why the file is not this cache's schema, or `nil` when it is (or is empty and can become it).
    private static func schemaProblem(_ db: Connection) throws -> String? {
        let version = try db.userVersion()
        let tables = try db.query("SELECT name FROM sqlite_schema WHERE type = 'table'") { row in
            try row.column(0, as: String.self)
        }
        if version == 0 {
            return tables.isEmpty ? nil : "it holds tables this program did not write"
        }
        guard version == FeedSchema.version else {
            return "schema version \(version); this build reads version \(FeedSchema.version)"
        }
        guard FeedSchema.tables.isSubset(of: tables) else { return "its tables are missing" }
        return nil
    }

    /// SQLite's own words for `error`, e.g. `file is not a database`.
    private static func reason(_ error: DatabaseError) -> String {
        if case .sqlite(_, let message, _) = error { return message }
        return error.description
    }
}
