import CSQLite
@testable import FeedChaos
import Foundation
import Testing

/// Reading the client's files from outside, read-only: real SQLite files in a temporary directory.
@Suite struct DataDirectoryTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("feed-chaos-tests-\(UUID().uuidString)")

    /// Runs `sql` on a new or existing database file in the directory.
    func write(_ name: String, _ sql: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var db: OpaquePointer?
        try #require(sqlite3_open(directory.appendingPathComponent(name).path, &db) == SQLITE_OK)
        defer { sqlite3_close(db) }
        var error: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(db, sql, nil, nil, &error)
        let message = error.map { String(cString: $0) } ?? ""
        sqlite3_free(error)
        try #require(code == SQLITE_OK, "\(message)")
    }

    @Test func theSavedFeedAndTheOutboxAreReadInOrder() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try write("feed-embedded-demo-1.sqlite", """
            PRAGMA journal_mode=WAL;
            CREATE TABLE feed_order (position INTEGER PRIMARY KEY, post_id TEXT NOT NULL);
            INSERT INTO feed_order VALUES (2, 'p9'), (1, 'p4'), (3, 'p1');
            """)
        try write("likes-embedded-demo-1.sqlite", """
            CREATE TABLE outbox (post_id TEXT PRIMARY KEY, wanted INTEGER NOT NULL);
            INSERT INTO outbox VALUES ('p4', 1), ('p9', 0);
            """)
        let data = DataDirectory(url: directory)
        #expect(try data.savedFeedIDs() == ["p4", "p9", "p1"])
        #expect(try data.outboxIntents() == ["p4": true, "p9": false])
        #expect(DataDirectory.integrity(of: try #require(data.feedFile)) == "ok")
        #expect(DataDirectory.integrity(of: directory.appendingPathComponent("missing.sqlite")).contains("cannot open"))
    }

    @Test func aFileThatIsNotADatabaseFailsTheIntegrityCheck() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("feed-x.sqlite")
        try Data(repeating: 0x5A, count: 8_192).write(to: file)
        #expect(DataDirectory.integrity(of: file) != "ok")
    }

    @Test func whatALogoutLeftBehindIsListed() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let caption = "Morning light over the quiet river bend"
        try write("feed-embedded-demo-1.sqlite", """
            PRAGMA secure_delete=OFF;
            CREATE TABLE posts (id TEXT PRIMARY KEY, caption TEXT);
            CREATE TABLE feed_order (position INTEGER PRIMARY KEY, post_id TEXT);
            CREATE TABLE feed_meta (id INTEGER PRIMARY KEY);
            INSERT INTO posts VALUES ('p1', '\(caption)');
            DELETE FROM posts;
            """)
        try write("likes-embedded-demo-1.sqlite", "CREATE TABLE outbox (post_id TEXT PRIMARY KEY, wanted INTEGER); INSERT INTO outbox VALUES ('p1', 1);")
        try Data("x".utf8).write(to: directory.appendingPathComponent("feed-embedded-demo-1.sqlite.corrupt-1"))
        let left = DataDirectory(url: directory).leftoversAfterLogout(texts: [caption])
        #expect(left.contains { $0.contains("feed-embedded-demo-1.sqlite.corrupt-1") })
        #expect(left.contains { $0.contains("1 rows in outbox") })
        #expect(left.contains { $0.contains("still hold the caption") }, "a deleted row's bytes stay without secure_delete: \(left)")

        try FileManager.default.removeItem(at: directory)
        try write("feed-embedded-demo-1.sqlite", """
            PRAGMA secure_delete=ON;
            CREATE TABLE posts (id TEXT PRIMARY KEY, caption TEXT);
            CREATE TABLE feed_order (position INTEGER PRIMARY KEY, post_id TEXT);
            CREATE TABLE feed_meta (id INTEGER PRIMARY KEY);
            INSERT INTO posts VALUES ('p1', '\(caption)');
            DELETE FROM posts;
            """)
        #expect(DataDirectory(url: directory).leftoversAfterLogout(texts: [caption]).isEmpty)
    }
}
