import Database
import FeedInterface
import Foundation
import LikesInterface
import LikesTesting
import ProcessTesting
import Testing
import TestingSupport

@testable import OfflineQueue

/// Two processes on one outbox and the locks between them: neither turns its queue off when both
/// make the file at once, and a lock another process holds is a wait, never a lost or unkept tap.
@Suite("OfflineQueue: locks between processes", .serialized, .heavy)
struct SharedOutboxLockTests {
    @Test("two processes that make the outbox at the same moment both keep their likes (40 fresh files)")
    func twoProcessesCreatingTheFileAtOnce() async throws {
        let directory = try TemporaryDirectory()
        let root = directory.url.path
        let failures = try await onOwnThread { () throws -> [String] in
            var failures: [String] = []
            for round in 0..<40 {
                let path = "\(root)/round-\(round)/likes.sqlite"
                let probes = try (0..<2).map { _ in try ProbeProcess("QueueCrashProbe", arguments: [path, "0", "\(round)", "0"]) }
                for (index, probe) in probes.enumerated() {
                    // The first answered tap says the queue opened and kept it (`queued`, offline).
                    let acked = probe.waitForLines(2, deadline: Date() + 60)
                    _ = probe.sigkill(deadline: Date() + 60)
                    let ack = probe.printed.first { $0.hasPrefix("ack ") }
                    if !acked || ack?.hasSuffix(" queued") != true { failures.append("round \(round) probe \(index): \(probe.printed.prefix(3))") }
                }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.count) of 80 could not keep their likes: \(failures.prefix(3))")
    }

    @Test("another process holding the outbox's write lock delays no open, and a tap made then is written before it is sent")
    func aLockHeldByAnotherConnection() async throws {
        let harness = try QueueHarness()
        do {
            let queue = try await harness.open()
            await harness.queueOffline(["p1"], on: queue)
        }
        await harness.likes.setUnreachable(false)
        // Another process's long write transaction (as a sqlite3 shell would hold it).
        let other = try Connection(path: harness.url.path)
        try other.execute("BEGIN IMMEDIATE")
        let queue = try await harness.open()
        #expect(await queue.count == 1, "opened while the lock is held: the intents are read")
        let tap = Task { await queue.setLiked(true, post: "p2") }
        // The tap waits for the lock (SQLite's busy timeout), then waits to be written: nothing is sent.
        #expect(await eventually(within: .seconds(60)) { harness.warnings.all.contains { $0.contains("locked by another process") } })
        #expect(await harness.likes.writes.filter { $0.post == "p2" }.isEmpty, "no request leaves for a tap not yet on disk")
        try other.execute("COMMIT")
        other.close()
        // The timer's next round writes it, then sends it.
        #expect(await eventually(within: .seconds(60)) {
            await harness.sleeper.releaseOldest()
            return await !harness.likes.writes.filter { $0.post == "p2" }.isEmpty
        })
        #expect(await tap.value == .saved(LikeResult(liked: true, likeCount: 1)))
        #expect(!harness.warnings.all.contains { $0.contains("not kept") || $0.contains("cannot be written") }, "\(harness.warnings.all)")
    }

    @Test("`feed logout` from another process: this one sends none of that user's likes, its screens roll them back, and a later tap is kept in a new file")
    func aLogoutByAnotherProcess() async throws {
        let harness = try QueueHarness()
        let queue = try await harness.open()
        let events = queue.events()
        await harness.queueOffline(["p1", "p2"], on: queue)
        await harness.likes.setUnreachable(true)
        // Another process's `feed logout`: the files are deleted under this one.
        try DatabaseFiles.delete(harness.url)
        await harness.likes.setUnreachable(false)
        let tried = await harness.likes.writes.count
        await queue.drain()
        #expect(await harness.likes.writes.count == tried, "nothing of the user who left is sent")
        #expect(await queue.count == 0)
        var refused: Set<PostID> = []
        for await event in events {
            if case .refused = event.outcome { refused.insert(event.post) }
            if refused.count == 2 { break }
        }
        #expect(refused == ["p1", "p2"], "the screens hear the likes are not kept")
        #expect(await queue.setLiked(true, post: "p3") == .saved(LikeResult(liked: true, likeCount: 1)))
        #expect(FileManager.default.fileExists(atPath: harness.url.path), "a new file for the taps after")
    }
}
