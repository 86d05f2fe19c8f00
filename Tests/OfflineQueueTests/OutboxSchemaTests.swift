import Database
import FeedInterface
import LikesTesting
import TestingSupport
import Foundation
import LikesInterface
import Testing

@testable import OfflineQueue

@Suite("OfflineQueue: schema 2 — a version 1 file is migrated with its likes; tombstones; the true count")
struct OutboxSchemaTests {
    let harness: QueueHarness

    init() throws { harness = try QueueHarness(counts: ["p1": 41, "p2": 7]) }

    /// A version 1 outbox as the previous build wrote it, with two likes waiting.
    private func writeVersion1File() throws {
        try FileManager.default.createDirectory(at: harness.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let db = try Connection(path: harness.url.path)
        defer { db.close() }
        try db.executeScript(
            """
            CREATE TABLE outbox (
                post_id      TEXT PRIMARY KEY NOT NULL,
                wanted       INTEGER NOT NULL CHECK (wanted IN (0, 1)),
                before_liked INTEGER CHECK (before_liked IN (0, 1)),
                before_count INTEGER,
                queued_at    REAL NOT NULL,
                attempts     INTEGER NOT NULL CHECK (attempts >= 0),
                last_error   TEXT,
                revision     INTEGER NOT NULL
            ) WITHOUT ROWID;
            CREATE TABLE outbox_owner (
                id    INTEGER PRIMARY KEY CHECK (id = 1),
                owner TEXT NOT NULL
            );
            INSERT INTO outbox VALUES ('p1', 1, 0, 41, 100, 3, 'no connection', 7);
            INSERT INTO outbox VALUES ('p2', 0, NULL, NULL, 200, 1, NULL, 1);
            PRAGMA user_version = 1;
            """)
        try db.execute("INSERT INTO outbox_owner (id, owner) VALUES (1, ?)", [QueueHarness.owner])
    }

    /// Reads `sql` through a connection of the test's own, one integer per row.
    private func integers(_ sql: String) throws -> [Int] {
        let db = try Connection(path: harness.url.path)
        defer { db.close() }
        return try db.query(sql) { row in try row.column(0, as: Int.self) }
    }

    @Test("a version 1 file is migrated in place, not moved aside: its likes wait, and new revisions pass the old ones")
    func migratesVersion1() async throws {
        try writeVersion1File()
        let queue = try await harness.open()
        #expect(harness.warnings.all.isEmpty)
        #expect(fileNames(in: harness.url.deletingLastPathComponent()).allSatisfy { !$0.contains("corrupt") })
        #expect(try integers("PRAGMA user_version") == [2])
        #expect(await queue.pending() == [
            PendingLike(post: "p1", wanted: true, before: LikeResult(liked: false, likeCount: 41)),
            PendingLike(post: "p2", wanted: false, before: nil),
        ])
        #expect(await queue.rows().map(\.attempts) == [3, 1])
        #expect(try integers("SELECT revision FROM outbox_clock") == [7])
        await harness.likes.setUnreachable(true)
        #expect(await queue.setLiked(true, post: "p2") == .queued)
        #expect(try integers("SELECT revision FROM outbox WHERE post_id = 'p2'") == [8])
        await harness.likes.setUnreachable(false)
        await queue.drain()
        #expect(await harness.likes.state(of: "p1") == LikeResult(liked: true, likeCount: 42))
        #expect(await harness.likes.state(of: "p2") == LikeResult(liked: true, likeCount: 8))
        #expect(await queue.count == 0)
    }

    @Test("a settled like stays an hour as a tombstone with the reply, uncounted; then a drain round purges it")
    func tombstones() async throws {
        let queue = try await harness.open()
        #expect(await queue.setLiked(true, post: "p1") == .saved(LikeResult(liked: true, likeCount: 42)))
        #expect(try integers("SELECT settled FROM outbox") == [1])
        #expect(try integers("SELECT settled_liked FROM outbox") == [1])
        #expect(try integers("SELECT settled_count FROM outbox") == [42])
        #expect(await queue.count == 0)
        #expect(await queue.pending() == [])
        #expect(await queue.rows() == [])
        #expect(await queue.waitingOnDisk() == 0)
        harness.clock.advance(1_800)
        await queue.drain()
        #expect(try integers("SELECT COUNT(*) FROM outbox") == [1], "half an hour: still there")
        harness.clock.advance(1_801)
        await queue.drain()
        #expect(try integers("SELECT COUNT(*) FROM outbox") == [0])
    }

    @Test("a tap on a post with a tombstone starts a new intent; one on an unsettled row keeps its first tap's time")
    func tapOverATombstone() async throws {
        let queue = try await harness.open()
        _ = await queue.setLiked(true, post: "p1")
        harness.clock.advance(10)
        await harness.likes.setUnreachable(true)
        #expect(await queue.setLiked(false, post: "p1", before: LikeResult(liked: true, likeCount: 42)) == .queued)
        harness.clock.advance(5)
        #expect(await queue.setLiked(true, post: "p1", before: nil) == .queued)
        #expect(await queue.rows().map(\.age) == [5])
        #expect(await queue.rows().map(\.attempts) == [2])
        #expect(await queue.pending() == [PendingLike(post: "p1", wanted: true, before: LikeResult(liked: true, likeCount: 42))])
    }

    @Test("the file's true count of waiting likes, beyond the rows the queue holds")
    func countBeyondCapacity() async throws {
        do {
            let queue = try await harness.open()
            await harness.queueOffline((1...5).map { PostID("q\($0)") }, on: queue)
        }
        var configuration = harness.configuration()
        configuration.capacity = 2
        let queue = try await harness.open(configuration: configuration)
        #expect(await queue.rows().map(\.post) == ["q1", "q2"])
        #expect(await queue.waitingOnDisk() == 5)
    }
}
