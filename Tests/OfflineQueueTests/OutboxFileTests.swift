import Database
import FeedInterface
import Foundation
import LikesInterface
import LikesTesting
import ProcessTesting
import Testing

@testable import OfflineQueue

@Suite("OfflineQueue: one file per server and user; a corrupt or foreign file is moved aside with one warning")
struct OutboxFileTests {
    let harness: QueueHarness

    init() throws { harness = try QueueHarness() }

    /// Checks the one warning line and the moved-aside file, and returns where it went.
    private func expectOneWarning(reason: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        let lines = harness.warnings.all
        #expect(lines.count == 1, "exactly one warning: \(lines)", sourceLocation: sourceLocation)
        let line = try #require(lines.first, sourceLocation: sourceLocation)
        let directory = harness.url.deletingLastPathComponent()
        let asides = fileNames(in: directory).filter { $0.hasPrefix("likes.sqlite.corrupt-") && !$0.hasSuffix("-wal") }
        #expect(asides.count == 1, "\(asides)", sourceLocation: sourceLocation)
        let aside = directory.appendingPathComponent(try #require(asides.first, sourceLocation: sourceLocation))
        #expect(
            line == "feed: the like queue at \(harness.url.path) was unreadable (\(reason)); moved it aside to \(aside.path)"
                + " and started a new one; the likes saved in it and not yet sent are lost",
            sourceLocation: sourceLocation)
        return aside
    }

    /// Puts a queue's file in place with one pending like, then lets `change` spoil it.
    private func spoiled(_ change: (Connection) throws -> Void) async throws {
        do {
            let queue = try await harness.open()
            await harness.queueOffline(["p1"], on: queue)
        }
        let raw = try Connection(path: harness.url.path)
        try change(raw)
        raw.close()
    }

    /// Opens the queue on the spoiled file and checks it starts empty and works.
    private func expectStartsOver() async throws {
        let queue = try await harness.open()
        #expect(await queue.count == 0)
        #expect(await queue.setLiked(true, post: "p9") == .saved(LikeResult(liked: true, likeCount: 1)))
        #expect(fileMode(harness.url) == 0o600)
    }

    @Test("the file is 0600 in a 0700 directory, and the intents survive a reopen")
    func modesAndReopen() async throws {
        try await spoiled { _ in }
        #expect(fileMode(harness.url) == 0o600)
        #expect(fileMode(harness.url.deletingLastPathComponent()) == 0o700)
        let queue = try await harness.open()
        #expect(await queue.pending() == [PendingLike(post: "p1", wanted: true, before: nil)])
        #expect(harness.warnings.all.isEmpty)
    }

    @Test(
        "an open queue holds SQLite's locks on its file and -shm: nothing outside SQLite opened them",
        .enabled(if: FileLocks.isListed, "needs /proc/locks"))
    func keepsSQLiteLocks() async throws {
        let queue = try await harness.open()
        await harness.queueOffline(["p1"], on: queue)
        // Closing any descriptor of these files drops them: another process closing the outbox could
        // then checkpoint and delete the log this one still writes to (a like's delete lost).
        #expect(!FileLocks.held(on: harness.url).isEmpty)
        #expect(!FileLocks.held(on: DatabaseFiles.sidecar(harness.url, "-shm")).isEmpty)
        #expect(await queue.count == 1)
    }

    @Test("a revision or a clock at the end of the integers: the row is not believed and a tap never traps")
    func revisionsAtTheIntegerEdge() async throws {
        try await spoiled { raw in
            try raw.execute("UPDATE outbox SET revision = 9223372036854775807")
            try raw.execute("UPDATE outbox_clock SET revision = 9223372036854775807")
        }
        let queue = try await harness.open()
        #expect(await queue.count == 0, "a row with a revision no program of ours writes is not loaded")
        // The tap takes the clock's next revision: past Int64 it is a damaged file, started over with the tap kept.
        #expect(await queue.setLiked(true, post: "p1") == .saved(LikeResult(liked: true, likeCount: 1)))
        #expect(await queue.setLiked(false, post: "p1") == .saved(LikeResult(liked: false, likeCount: 0)))
    }

    @Test("garbage over the file: moved aside with one warning, the queue starts over")
    func garbage() async throws {
        let garbage = Data(String(repeating: "not a database at all. ", count: 500).utf8)
        try FileManager.default.createDirectory(at: harness.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try garbage.write(to: harness.url)
        try await expectStartsOver()
        let aside = try expectOneWarning(reason: "file is not a database")
        #expect(try Data(contentsOf: aside) == garbage)
    }

    @Test("a file of schema version 99 is moved aside with one warning")
    func futureVersion() async throws {
        try await spoiled { try $0.execute("PRAGMA user_version = 99") }
        try await expectStartsOver()
        _ = try expectOneWarning(reason: "schema version 99; this build reads version 2")
    }

    @Test("a database of another program is moved aside with one warning")
    func foreignTables() async throws {
        try FileManager.default.createDirectory(at: harness.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let raw = try Connection(path: harness.url.path)
        try raw.execute("CREATE TABLE someone_elses (x)")
        raw.close()
        try await expectStartsOver()
        _ = try expectOneWarning(reason: "it holds tables this program did not write")
    }

    @Test("our table names with other columns: moved aside with one warning")
    func otherColumns() async throws {
        try await spoiled { db in
            try db.execute("ALTER TABLE outbox ADD COLUMN extra TEXT")
        }
        try await expectStartsOver()
        _ = try expectOneWarning(
            reason: "its table outbox has the columns post_id, wanted, before_liked, before_count, queued_at, attempts, last_error, revision, "
                + "settled, settled_liked, settled_count, settled_at, extra, "
                + "not post_id, wanted, before_liked, before_count, queued_at, attempts, last_error, revision, "
                + "settled, settled_liked, settled_count, settled_at")
    }

    @Test("another user's file under this name is moved aside, never sent for this user")
    func otherOwner() async throws {
        try await spoiled { _ in }
        let writesBefore = await harness.likes.writes.count
        let queue = try await harness.open(owner: "someone else on http://127.0.0.1:1")
        await queue.start()
        await queue.drain()
        #expect(await queue.count == 0)
        #expect(await harness.likes.writes.count == writesBefore)
        _ = try expectOneWarning(reason: "it holds the likes of another user or server")
    }

    @Test("two users and two servers have separate files: one's intents never reach the other")
    func separateFiles() async throws {
        let files = [
            harness.directory.file("data/likes-a-server1.sqlite"), harness.directory.file("data/likes-b-server1.sqlite"),
            harness.directory.file("data/likes-a-server2.sqlite"),
        ]
        let owners = ["a on http://one", "b on http://one", "a on http://two"]
        let stores = [FakeLikesRepository(), FakeLikesRepository(), FakeLikesRepository()]
        for index in 0..<3 {
            await stores[index].setUnreachable(true)
            let queue = try await OfflineLikeQueue.open(
                at: files[index], owner: owners[index], likes: stores[index], configuration: harness.configuration(), warn: harness.warnings.sink)
            _ = await queue.setLiked(true, post: PostID("p\(index)"))
            await stores[index].setUnreachable(false)
        }
        for index in 0..<3 {
            let queue = try await OfflineLikeQueue.open(
                at: files[index], owner: owners[index], likes: stores[index], configuration: harness.configuration(), warn: harness.warnings.sink)
            #expect(await queue.pending().map(\.post) == [PostID("p\(index)")])
            await queue.drain()
            #expect(await stores[index].writes.map(\.post) == [PostID("p\(index)"), PostID("p\(index)")])
        }
        #expect(harness.warnings.all.isEmpty)
    }

    @Test("a symbolic link where the file should be is refused with one clear error, never followed")
    func symlinkRefused() async throws {
        let target = harness.directory.file("elsewhere.sqlite")
        try Data().write(to: target)
        try FileManager.default.createDirectory(at: harness.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: harness.url, withDestinationURL: target)
        await #expect(throws: OfflineQueueError.self) { _ = try await harness.open() }
        #expect(try Data(contentsOf: target).isEmpty)
    }

    @Test("corruption found while running: moved aside with one warning, and the likes of this run are saved again")
    func corruptionWhileRunning() async throws {
        let queue = try await harness.open()
        await harness.likes.setUnreachable(true)
        _ = await queue.setLiked(true, post: "p1")
        _ = await queue.setLiked(false, post: "p2")
        // Another connection spoils the file's pages behind the queue's back.
        let other = try Connection(path: harness.url.path)
        try other.execute("CREATE TABLE filler (x)")
        try other.execute("INSERT INTO filler VALUES (randomblob(20000))")
        try other.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let handle = try FileHandle(forWritingTo: harness.url)
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: UInt8(ascii: "g"), count: 16_384))
        try handle.close()
        _ = await queue.setLiked(true, post: "p3")
        other.close()
        let lines = harness.warnings.all
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.hasSuffix("and started a new one; the likes waiting in this run were saved again") == true)
        #expect(try rawRows(harness.url).map { "\($0.post)=\($0.wanted)" } == ["p1=true", "p2=false", "p3=true"])
    }

    @Test("logout: deleteAll empties the file and forgets answers still out; deleteFile removes every file")
    func logout() async throws {
        let queue = try await harness.open()
        let events = queue.events()
        await harness.queueOffline(["p1", "p2"], on: queue)
        let held = await harness.likes.holdWrite(call: 3)
        let out = Task { await queue.setLiked(false, post: "p1") }
        await harness.likes.waitForWrites(3)
        try await queue.deleteAll()
        #expect(await out.value == .superseded)
        #expect(await queue.count == 0)
        #expect(try rawRows(harness.url) == [])
        await held.open()
        await harness.likes.waitForCompletions(3)
        // The orphaned answer changes nothing: no row and no event before the next like's.
        await harness.queueOffline(["p6"], on: queue)
        await queue.drain()
        #expect(await collect(1, from: events) == [LikeQueueEvent(post: "p6", outcome: .saved(LikeResult(liked: true, likeCount: 1)))])
        #expect(try rawRows(harness.url) == [])
        #expect(await queue.count == 0)
        try OfflineLikeQueue.deleteFile(at: harness.url)
        #expect(fileNames(in: harness.url.deletingLastPathComponent()).isEmpty)
    }
}
