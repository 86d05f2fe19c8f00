import CSQLite
import Foundation
import Testing
import TestingSupport

@testable import Database

private struct Boom: Error {}

/// Extended result codes: C macros, so not imported.
private let SQLITE_CONSTRAINT_PRIMARYKEY = SQLITE_CONSTRAINT | (6 << 8)
private let SQLITE_CORRUPT_INDEX = SQLITE_CORRUPT | (3 << 8)

@Suite("Database: Connection on real files")
struct DatabaseTests {
    @Test("a new file opens in WAL mode with NORMAL sync, foreign keys and a 5 s busy timeout")
    func pragmas() throws {
        let directory = try TemporaryDirectory()
        let db = try Connection(path: directory.path("a.sqlite"))
        #expect(try db.query("PRAGMA journal_mode") { try $0.column(0, as: String.self) } == ["wal"])
        #expect(try db.query("PRAGMA synchronous") { try $0.column(0, as: Int.self) } == [1])
        #expect(try db.query("PRAGMA foreign_keys") { try $0.column(0, as: Bool.self) } == [true])
        #expect(try db.query("PRAGMA busy_timeout") { try $0.column(0, as: Int.self) } == [5000])
        #expect(FileManager.default.fileExists(atPath: directory.path("a.sqlite")))
    }

    @Test("FULL sync is applied when asked for")
    func fullSync() throws {
        let directory = try TemporaryDirectory()
        let db = try Connection(path: directory.path("a.sqlite"), synchronous: .full)
        #expect(try db.query("PRAGMA synchronous") { try $0.column(0, as: Int.self) } == [2])
    }

    @Test("every Swift type binds and reads back, NULL included")
    func everyType() throws {
        let directory = try TemporaryDirectory()
        let db = try Connection(path: directory.path("a.sqlite"))
        try db.execute("CREATE TABLE t (i, i64, d, s, b, flag, n, empty_s, empty_b)")
        let text = "Grüße 👋🏽 from 東京 — a\u{0}b"
        let bytes = Data([0, 1, 2, 254, 255])
        let missing: String? = nil
        try db.execute(
            "INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [Int.max, Int64.min, 3.25, text, bytes, true, missing, "", Data()]
        )
        struct Read: Equatable {
            var i: Int, i64: Int64, d: Double, s: String, b: Data, flag: Bool, n: String?, emptyS: String, emptyB: Data
        }
        let rows = try db.query("SELECT * FROM t") { row in
            Read(
                i: try row.column(0), i64: try row.column(1), d: try row.column(2), s: try row.column(3),
                b: try row.column(4), flag: try row.column(5), n: try row.column(6), emptyS: try row.column(7),
                emptyB: try row.column(8)
            )
        }
        #expect(rows == [Read(i: .max, i64: .min, d: 3.25, s: text, b: bytes, flag: true, n: nil, emptyS: "", emptyB: Data())])
        let stored = try db.query("SELECT typeof(n), typeof(empty_s), typeof(empty_b), length(s) FROM t") { row in
            [try row.column(0, as: String.self), try row.column(1, as: String.self), try row.column(2, as: String.self)]
        }
        #expect(stored == [["null", "text", "blob"]])
        let values = try db.query("SELECT n, i64, d, s, b FROM t") { row in (0..<row.count).map { row.value(at: $0) } }
        #expect(values == [[.null, .integer(.min), .real(3.25), .text(text), .blob(bytes)]])
    }

    @Test("reading NULL or the wrong storage class as a plain type throws a mismatch naming the column")
    func mismatch() throws {
        let directory = try TemporaryDirectory()
        let db = try Connection(path: directory.path("a.sqlite"))
        #expect(throws: DatabaseError.typeMismatch(column: 1, expected: "String", found: "NULL")) {
            try db.query("SELECT 1, NULL") { try $0.column(1, as: String.self) }
        }
        #expect(throws: DatabaseError.typeMismatch(column: 0, expected: "Int", found: "TEXT")) {
            try db.query("SELECT 'x'") { try $0.column(0, as: Int.self) }
        }
    }

    @Test("a statement is prepared once per SQL text and reused with fresh bindings")
    func statementCache() throws {
        let directory = try TemporaryDirectory()
        let db = try Connection(path: directory.path("a.sqlite"))
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)")
        let insert = "INSERT INTO t (id, name) VALUES (?, ?)"
        let before = db.cachedStatementCount
        try db.execute(insert, [1, "one"])
        let first = try db.statement(for: insert)
        #expect(db.cachedStatementCount == before + 1)
        for id in 2...50 { try db.execute(insert, [id, "n\(id)"]) }
        #expect(db.cachedStatementCount == before + 1)
        #expect(try db.statement(for: insert) === first)
        let select = "SELECT name FROM t WHERE id = ?"
        #expect(try db.query(select, [7]) { try $0.column(0, as: String.self) } == ["n7"])
        #expect(try db.query(select, [1]) { try $0.column(0, as: String.self) } == ["one"])
        #expect(db.cachedStatementCount == before + 2)
        // Reset after each run: the cached SELECT holds no read lock, so a checkpoint can complete.
        #expect(try db.query("PRAGMA wal_checkpoint(TRUNCATE)") { try $0.column(0, as: Int.self) } == [0])
    }

    @Test("a write that throws rolls back and keeps the old rows")
    func rollback() throws {
        let directory = try TemporaryDirectory()
        let db = try Connection(path: directory.path("a.sqlite"))
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        try db.write { try db.execute("INSERT INTO t VALUES (1, 'kept')") }
        #expect(throws: Boom.self) {
            try db.write {
                try db.execute("DELETE FROM t")
                try db.execute("INSERT INTO t VALUES (2, 'lost')")
                throw Boom()
            }
        }
        #expect(throws: DatabaseError.self) {
            try db.write {
                try db.execute("DELETE FROM t")
                try db.execute("INSERT INTO t VALUES (3, NULL)")
            }
        }
        #expect(try db.query("SELECT id, name FROM t") { "\(try $0.column(0, as: Int.self)) \(try $0.column(1, as: String.self))" } == ["1 kept"])
        // Reopening shows the same: nothing of the failed writes reached the file.
        db.close()
        let reopened = try Connection(path: directory.path("a.sqlite"))
        #expect(try reopened.query("SELECT count(*) FROM t") { try $0.column(0, as: Int.self) } == [1])
    }

    @Test("a nested write that throws rolls back only its own part")
    func nestedWrite() throws {
        let directory = try TemporaryDirectory()
        let db = try Connection(path: directory.path("a.sqlite"))
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)")
        try db.write {
            try db.execute("INSERT INTO t VALUES (1)")
            _ = try? db.write {
                try db.execute("INSERT INTO t VALUES (2)")
                throw Boom()
            }
            try db.execute("INSERT INTO t VALUES (3)")
        }
        #expect(try db.query("SELECT id FROM t ORDER BY id") { try $0.column(0, as: Int.self) } == [1, 3])
    }

    @Test("migrations run once each, in order, and record user_version")
    func migrations() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("a.sqlite")
        var ran: [Int] = []
        let steps: [Connection.Migration] = [
            { db in ran.append(1); try db.executeScript("CREATE TABLE a (x); CREATE TABLE b (y);") },
            { db in ran.append(2); try db.execute("INSERT INTO a VALUES (?)", ["after a"]) },
        ]
        let db = try Connection(path: path)
        #expect(try db.userVersion() == 0)
        try db.migrate(steps)
        try db.migrate(steps)
        #expect(ran == [1, 2])
        #expect(try db.userVersion() == 2)
        db.close()

        let reopened = try Connection(path: path)
        try reopened.migrate(steps + [{ db in ran.append(3); try db.execute("INSERT INTO b VALUES (3)") }])
        #expect(ran == [1, 2, 3])
        #expect(try reopened.userVersion() == 3)
        #expect(try reopened.query("SELECT x FROM a") { try $0.column(0, as: String.self) } == ["after a"])
    }

    @Test("a failing migration rolls back and leaves user_version where it was")
    func failingMigration() throws {
        let directory = try TemporaryDirectory()
        let db = try Connection(path: directory.path("a.sqlite"))
        #expect(throws: Boom.self) {
            try db.migrate([{ db in try db.execute("CREATE TABLE a (x)") }, { db in try db.execute("CREATE TABLE b (x)"); throw Boom() }])
        }
        #expect(try db.userVersion() == 1)
        #expect(try db.query("SELECT name FROM sqlite_schema ORDER BY name") { try $0.column(0, as: String.self) } == ["a"])
    }

    @Test("a file from a newer schema throws futureSchema and runs nothing")
    func futureSchema() throws {
        let directory = try TemporaryDirectory()
        let db = try Connection(path: directory.path("a.sqlite"))
        try db.execute("PRAGMA user_version = 99")
        var ran = false
        #expect(throws: DatabaseError.futureSchema(found: 99, known: 1)) {
            try db.migrate([{ _ in ran = true }])
        }
        #expect(ran == false)
        #expect(DatabaseError.futureSchema(found: 99, known: 1).description.contains("99"))
    }

    @Test("a garbage file fails to open with SQLITE_NOTADB, its message, and isCorrupt")
    func garbage() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("garbage.sqlite")
        try Data(String(repeating: "this is not a database. ", count: 400).utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try Connection(path: path)
            Issue.record("a garbage file opened")
        } catch {
            #expect(error.isCorrupt)
            #expect(error.primaryCode == SQLITE_NOTADB)
            guard case .sqlite(let code, let message, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(code == SQLITE_NOTADB)
            #expect(message == "file is not a database")
            #expect(error.description.contains("file is not a database"))
        }
    }

    @Test("SQL errors carry the extended code, SQLite's message and the statement")
    func sqlErrors() throws {
        let directory = try TemporaryDirectory()
        let db = try Connection(path: directory.path("a.sqlite"))
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)")
        try db.execute("INSERT INTO t VALUES (1)")
        #expect(throws: DatabaseError.sqlite(code: SQLITE_CONSTRAINT_PRIMARYKEY, message: "UNIQUE constraint failed: t.id", sql: "INSERT INTO t VALUES (1)")) {
            try db.execute("INSERT INTO t VALUES (1)")
        }
        #expect(throws: DatabaseError.sqlite(code: SQLITE_ERROR, message: "no such table: nope", sql: "SELECT * FROM nope")) {
            try db.execute("SELECT * FROM nope")
        }
        #expect(throws: DatabaseError.sqlite(code: SQLITE_RANGE, message: "the statement takes 1 parameters but 2 were given", sql: "SELECT ?")) {
            try db.execute("SELECT ?", [1, 2])
        }
        #expect(DatabaseError.sqlite(code: SQLITE_CONSTRAINT_PRIMARYKEY, message: "m", sql: nil).isCorrupt == false)
        #expect(DatabaseError.sqlite(code: SQLITE_CORRUPT_INDEX, message: "m", sql: nil).isCorrupt)
    }

    @Test("integrity_check is empty on a sound file")
    func integrity() throws {
        let directory = try TemporaryDirectory()
        let db = try Connection(path: directory.path("a.sqlite"))
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)")
        try db.write { for id in 0..<200 { try db.execute("INSERT INTO t VALUES (?, ?)", [id, String(repeating: "v", count: id)]) } }
        #expect(try db.integrityCheck() == [])
    }

    @Test("a closed connection throws SQLITE_MISUSE instead of crashing")
    func closed() throws {
        let directory = try TemporaryDirectory()
        let db = try Connection(path: directory.path("a.sqlite"))
        db.close()
        db.close()
        #expect(throws: DatabaseError.sqlite(code: SQLITE_MISUSE, message: "the database connection is closed", sql: nil)) {
            try db.execute("SELECT 1")
        }
    }

    @Test("a second connection waits on the busy timeout, then reports SQLITE_BUSY")
    func busy() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("a.sqlite")
        let holder = try Connection(path: path)
        try holder.execute("CREATE TABLE t (id INTEGER)")
        let other = try Connection(path: path)
        try other.execute("PRAGMA busy_timeout = 50")
        try holder.execute("BEGIN IMMEDIATE")
        let error = #expect(throws: DatabaseError.self) { try other.write { try other.execute("INSERT INTO t VALUES (1)") } }
        #expect(error?.primaryCode == SQLITE_BUSY)
        try holder.execute("COMMIT")
        try other.write { try other.execute("INSERT INTO t VALUES (1)") }
        #expect(try holder.query("SELECT count(*) FROM t") { try $0.column(0, as: Int.self) } == [1])
    }
}
