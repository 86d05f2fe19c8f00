import Database
import FeedInterface
import Foundation
import LikesInterface
import OfflinePagesInterface

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
    /// The largest position a saved post may have (the cap's pages hold far fewer).
    static let maxPosition = 1 << 40
    /// The most rows read back: three pages of up to 100 posts. A file others filled with more
    /// (100,000 rows took 7.7 s and 213 MB to open) costs no more than this to load.
    public static let loadLimit = 300
    /// Saved times read back must be within a century of 2001 (seconds since 2001-01-01).
    static let savedAtRange = -3_155_760_000.0...3_155_760_000.0

    private let url: URL
    private let warn: @Sendable (String) -> Void
    private let executor = DatabaseExecutor(name: "feed-cache")
    private var openConnection: Connection?
    private var warnedAboutFailure = false

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
        openConnection = try Self.openFile(url, warn: warn)
    }

    /// Closes the file now, for good (a later use throws): the last close checkpoints and removes
    /// the write-ahead log, so a caller may delete the folder at once after this returns.
    public func close() {
        openConnection?.close()
        openConnection = nil
    }

    /// The saved feed, or `nil` when nothing is saved (or the file was unreadable and has been rebuilt).
    public nonisolated func load() async throws -> CachedFeed? {
        try await onThread { try $0.loadNow() }
    }

    /// Replaces everything with `page` in one transaction; on an unreadable file, rebuilds it and saves `page`.
    public nonisolated func replaceAll(with page: FeedPage, savedAt: Date) async throws {
        try await onThread { try $0.replaceAllNow(with: page, savedAt: savedAt) }
    }

    /// Appends `page` while fewer than `pageCap` pages are saved; IDs already saved are skipped. Does nothing
    /// when nothing is saved, so a later page never becomes the head of the feed.
    public nonisolated func append(_ page: FeedPage, savedAt: Date) async throws {
        try await onThread { try $0.appendNow(page, savedAt: savedAt) }
    }

    /// Records the server's heart and count in the rows of the saved posts among `likes` only, in
    /// one transaction; no row moves.
    public nonisolated func updateLikes(_ likes: [PostID: LikeResult]) async throws {
        guard !likes.isEmpty else { return }
        try await onThread { try $0.updateLikesNow(likes) }
    }

    /// Records caption, count and heart of each saved post among `posts` and the saved time, in one
    /// transaction; nothing moves and nothing is added. Does nothing when nothing is saved.
    public nonisolated func updatePosts(_ posts: [Post], savedAt: Date) async throws {
        try await onThread { try $0.updatePostsNow(posts, savedAt: savedAt) }
    }

    /// Saves the reader's place (`nil`: the top, nothing to restore).
    public nonisolated func saveAnchor(_ anchor: FeedAnchor?) async throws {
        try await onThread { try $0.saveAnchorNow(anchor) }
    }

    /// Deletes every saved row; the file stays.
    public nonisolated func clear() async throws {
        try await onThread { try $0.clearNow() }
    }

    /// Runs `body` isolated to the cache on its thread, the caller waiting without an actor hop
    /// back for a short call (`DatabaseExecutor.run`): a one-row call costs about what SQLite's does.
    private nonisolated func onThread<T: Sendable>(_ body: @escaping @Sendable (isolated SQLiteFeedCache) throws -> T) async throws -> T {
        try await executor.run { [self] in try assumeIsolated(body) }
    }

    private func loadNow() throws -> CachedFeed? {
        try recovering(retry: false) { db in
            try db.read { () throws -> CachedFeed? in
                let meta = try db.query(FeedSchema.selectMeta) { row in
                    (next: try? row.column(0, as: String?.self), savedAt: try? row.column(1, as: Double.self))
                }
                // A time that is not a time (NaN, centuries away) means nothing usable was saved.
                guard let meta = meta.first, let savedAt = meta.savedAt, Self.savedAtRange.contains(savedAt) else { return nil }
                // One bad row is skipped, never the whole feed and never a crash at the next start.
                let posts = try db.query(FeedSchema.selectPosts, [Self.loadLimit]) { row in (try? Self.post(row)) ?? nil }
                return CachedFeed(
                    posts: posts.compactMap { $0 },
                    next: (meta.next ?? nil).flatMap { PostLimits.checked(Cursor($0)) },
                    savedAt: Date(timeIntervalSinceReferenceDate: savedAt),
                    anchor: try Self.anchor(in: db)
                )
            }
        } ?? nil
    }

    private func replaceAllNow(with page: FeedPage, savedAt: Date) throws {
        try recovering(retry: true) { db in
            try db.write {
                try db.execute(FeedSchema.deleteOrder)
                try db.execute(FeedSchema.deletePosts)
                try Self.insert(page.posts, after: 0, skipping: [], into: db)
                try db.execute(FeedSchema.replaceMeta, [page.next?.rawValue, savedAt.timeIntervalSinceReferenceDate])
            }
        }
    }

    private func appendNow(_ page: FeedPage, savedAt: Date) throws {
        try recovering(retry: false) { db in
            try db.write {
                let pageCount = try db.query(FeedSchema.selectMeta) { row in try row.column(2, as: Int.self) }
                guard let pageCount = pageCount.first, pageCount < Self.pageCap else { return }
                let saved = try db.query(FeedSchema.savedIDs) { row in PostID(try row.column(0, as: String.self)) }
                let last = try db.query(FeedSchema.lastPosition) { row in try row.column(0, as: Int.self) }.first ?? 0
                // A position the file should never hold (a hand-edited or foreign file) is a damaged file: rebuilt, never a trap.
                guard (0...Self.maxPosition).contains(last) else {
                    throw DatabaseError.corrupt("a saved position is out of range (\(last))")
                }
                try Self.insert(page.posts, after: last, skipping: Set(saved), into: db)
                try db.execute(FeedSchema.appendMeta, [page.next?.rawValue, savedAt.timeIntervalSinceReferenceDate])
            }
        }
    }

    private func updateLikesNow(_ likes: [PostID: LikeResult]) throws {
        try recovering(retry: false) { db in
            try db.write {
                for (post, result) in likes {
                    try db.execute(FeedSchema.updateLike, [LikeState(result.liked).rawValue, result.likeCount, post.rawValue])
                }
            }
        }
    }

    private func updatePostsNow(_ posts: [Post], savedAt: Date) throws {
        try recovering(retry: false) { db in
            try db.write {
                guard !(try db.query(FeedSchema.selectMeta) { row in try row.column(2, as: Int.self) }).isEmpty else { return }
                for post in posts {
                    try db.execute(
                        FeedSchema.updatePost,
                        [
                            post.caption, post.likeCount, post.like.rawValue, post.image?.blurHash, post.notes.boostedBy, post.notes.contentWarning,
                            post.notes.sensitive ? 1 : nil, post.id.rawValue,
                        ])
                }
                try db.execute(FeedSchema.touchMeta, [savedAt.timeIntervalSinceReferenceDate])
            }
        }
    }

    private func saveAnchorNow(_ anchor: FeedAnchor?) throws {
        try recovering(retry: false) { db in
            if let anchor {
                try db.execute(FeedSchema.replaceAnchor, [anchor.post.rawValue, anchor.lineOffset, anchor.savedAt.timeIntervalSinceReferenceDate])
            } else {
                try db.execute(FeedSchema.deleteAnchor)
            }
        }
    }

    private func clearNow() throws {
        try recovering(retry: false) { db in
            try db.write {
                try db.execute(FeedSchema.deleteAnchor)
                try db.execute(FeedSchema.deleteOrder)
                try db.execute(FeedSchema.deletePosts)
                try db.execute(FeedSchema.deleteMeta)
            }
            // Fold the WAL back into the (overwritten) file and truncate it: no old page survives there.
            try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }

    /// For tests: the file refuses to grow by more than `pages` SQLite pages, as a full disk would.
    func limitGrowthForTesting(toPages pages: Int) throws {
        guard let db = openConnection else { return }
        let current = try db.query("PRAGMA page_count") { row in try row.column(0, as: Int.self) }.first ?? 0
        try db.execute("PRAGMA max_page_count = \(current + max(1, pages))")
    }

    // MARK: - Recovery

    /// Runs `body`; when the file turns out corrupt, rebuilds it (one warning) and, if `retry`, runs
    /// `body` once more on the new file. Returns `nil` when the cache was rebuilt and not retried.
    @discardableResult
    private func recovering<T>(retry: Bool, _ body: (Connection) throws -> T) throws -> T? {
        guard let connection = openConnection else { throw StoreError.cannotOpen(url, reason: "it is closed") }
        do {
            return try body(connection)
        } catch let error as DatabaseError where !error.isCorrupt {
            // A full disk or a read-only file: say so once; the feed keeps running without saving.
            if !warnedAboutFailure {
                warnedAboutFailure = true
                warn("feed: the offline cache at \(url.path) cannot be written (\(error.reason)); the feed goes on without saving — free some disk space or check --data-dir")
            }
            throw error
        } catch let error as DatabaseError {
            connection.close()
            openConnection = nil
            let rebuilt = try Self.openFile(url, rebuilding: error.reason, warn: warn)
            openConnection = rebuilt
            return retry ? try body(rebuilt) : nil
        }
    }

    /// Opens the file, or with `reason` moves it aside and starts over; a file moved aside is one warning line.
    private static func openFile(
        _ url: URL, rebuilding reason: String? = nil, warn: @Sendable (String) -> Void
    ) throws(StoreError) -> sending Connection {
        let movedAside = { (why: String, aside: URL) in
            warn("feed: the offline cache at \(url.path) was unreadable (\(why)); moved it aside to \(aside.path) and started a new one")
        }
        do {
            if let reason { return try FeedSchema.file.rebuild(at: url, reason: reason, movedAside: movedAside) }
            return try FeedSchema.file.open(at: url, movedAside: movedAside)
        } catch {
            throw .cannotOpen(url, reason: error.reason)
        }
    }
}
