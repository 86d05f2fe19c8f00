import Foundation
import ProcessTesting
import Testing
import TestingSupport

@testable import Database

@Suite("Database: CheckedDatabaseFile opens, checks, and moves a bad file aside once")
struct CheckedDatabaseFileTests {
    private let directory: TemporaryDirectory
    private let url: URL
    private let file = CheckedDatabaseFile(
        schema: SchemaShape(version: 1, columns: ["notes": ["id", "owner"]]),
        migrations: { [{ db in try db.executeScript("CREATE TABLE notes (id INTEGER PRIMARY KEY, owner TEXT NOT NULL)") }] }
    ) { db in
        let owners = try db.query("SELECT DISTINCT owner FROM notes") { try $0.column(0, as: String.self) }
        return owners.allSatisfy { $0 == "me" } ? nil : "it holds another owner's notes"
    }

    init() throws {
        directory = try TemporaryDirectory()
        url = directory.url.appendingPathComponent("data/notes.sqlite")
    }

    private func mode(_ url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))
            .flatMap { $0[.posixPermissions] as? NSNumber }.map { $0.intValue & 0o777 }
    }

    private func openNoting(_ moves: inout [String]) throws -> Connection {
        try file.open(at: url) { reason, aside in moves.append("\(reason) -> \(aside.lastPathComponent)") }
    }

    @Test("a new file is created 0600 in a 0700 directory, migrated, and its -wal and -shm are 0600 too")
    func creates() throws {
        var moves: [String] = []
        let db = try openNoting(&moves)
        try db.execute("INSERT INTO notes (owner) VALUES ('me')")
        #expect(try db.userVersion() == 1)
        #expect(moves.isEmpty)
        #expect(mode(url) == 0o600)
        #expect(mode(url.deletingLastPathComponent()) == 0o700)
        #expect(mode(DatabaseFiles.sidecar(url, "-wal")) == 0o600)
        #expect(mode(DatabaseFiles.sidecar(url, "-shm")) == 0o600)
    }

    @Test("an existing file others may read is narrowed to 0600 before SQLite opens it")
    func narrowsExisting() throws {
        do { _ = try file.open(at: url) { _, _ in } }
        #expect(chmod(url.path, 0o644) == 0)
        _ = try file.open(at: url) { _, _ in }
        #expect(mode(url) == 0o600)
    }

    @Test("a file that fails the check is moved aside once and a new one starts")
    func foreign() throws {
        do {
            let db = try file.open(at: url) { _, _ in }
            try db.execute("INSERT INTO notes (owner) VALUES ('someone else')")
        }
        var moves: [String] = []
        let db = try openNoting(&moves)
        #expect(moves.count == 1)
        #expect(moves.first?.hasPrefix("it holds another owner's notes -> notes.sqlite.corrupt-") == true)
        #expect(try db.query("SELECT count(*) FROM notes") { try $0.column(0, as: Int.self) } == [0])
    }

    @Test("garbage is moved aside with SQLite's reason")
    func garbage() throws {
        try DatabaseFiles.privateDirectory(url.deletingLastPathComponent())
        try Data(String(repeating: "not a database. ", count: 300).utf8).write(to: url)
        var moves: [String] = []
        _ = try openNoting(&moves)
        #expect(moves.count == 1)
        #expect(moves.first?.hasPrefix("file is not a database -> ") == true)
    }

    @Test(
        "while a connection is open, this process keeps its locks on the file and -shm, even when the file is opened again",
        .enabled(if: FileLocks.isListed, "needs /proc/locks"))
    func keepsLocks() throws {
        let db = try file.open(at: url) { _, _ in }
        try db.execute("INSERT INTO notes (owner) VALUES ('me')")
        let shm = DatabaseFiles.sidecar(url, "-shm")
        #expect(!FileLocks.held(on: url).isEmpty, "SQLite's shared lock on the database file")
        #expect(!FileLocks.held(on: shm).isEmpty, "SQLite's lock on the -shm: this process uses the log")
        // Another reader of the file in this process (as `feed queue` is in another) must not drop them.
        let again = try file.open(at: url) { _, _ in }
        again.close()
        #expect(!FileLocks.held(on: url).isEmpty)
        #expect(!FileLocks.held(on: shm).isEmpty)
        withExtendedLifetime(db) {}
    }
}
