import Database
import FeedInterface
import Foundation
import LikesInterface
import Synchronization

/// Collects warning lines, from whatever thread says them.
final class WarningLog: Sendable {
    private let lines = Mutex<[String]>([])

    /// The closure to pass as `warn`.
    var sink: @Sendable (String) -> Void { { [self] line in lines.withLock { $0.append(line) } } }

    /// Every line so far.
    var all: [String] { lines.withLock { $0 } }
}

/// One outbox row read straight from the file with a connection of the test's own.
struct RawRow: Equatable {
    let post: String
    let wanted: Bool
    let beforeLiked: Bool?
    let beforeCount: Int?
    let attempts: Int
    let lastError: String?
}

/// Every unsettled row of the outbox at `url` (a settled one is a tombstone), by post, read through a separate connection.
func rawRows(_ url: URL) throws -> [RawRow] {
    let db = try Connection(path: url.path)
    defer { db.close() }
    let sql = "SELECT post_id, wanted, before_liked, before_count, attempts, last_error FROM outbox WHERE settled = 0 ORDER BY post_id"
    return try db.query(sql) { row in
        RawRow(
            post: try row.column(0), wanted: try row.column(1), beforeLiked: try row.column(2), beforeCount: try row.column(3),
            attempts: try row.column(4), lastError: try row.column(5))
    }
}

/// The permission bits of the file at `url` (e.g. `0o600`), or `nil` when it does not exist.
func fileMode(_ url: URL) -> Int? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return nil }
    return (attributes[.posixPermissions] as? NSNumber).map { $0.intValue & 0o777 }
}

/// The names of the files in `directory`, sorted.
func fileNames(in directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
}

/// The first `count` events of `stream`, or fewer when `deadline` passes first.
func collect(_ count: Int, from stream: AsyncStream<LikeQueueEvent>, within deadline: Duration = .seconds(60)) async -> [LikeQueueEvent] {
    await withTaskGroup(of: [LikeQueueEvent]?.self) { group in
        group.addTask {
            var events: [LikeQueueEvent] = []
            for await event in stream {
                events.append(event)
                if events.count == count { break }
            }
            return events
        }
        group.addTask {
            try? await Task.sleep(for: deadline)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first ?? []
    }
}

/// A sleep the test controls: each call is recorded and waits until released (or cancelled).
actor ManualSleeper {
    private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var order: [Int] = []
    private var next = 0
    private var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    /// Every duration asked for, in order.
    private(set) var requests: [Duration] = []

    /// The closure to pass as the queue's `sleep`.
    nonisolated var sleep: @Sendable (Duration) async -> Void { { [self] duration in await self.nap(duration) } }

    private func nap(_ duration: Duration) async {
        next += 1
        let id = next
        requests.append(duration)
        let ready = watchers.filter { $0.count <= requests.count }
        watchers.removeAll { $0.count <= requests.count }
        for watcher in ready { watcher.continuation.resume() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled { continuation.resume() } else {
                    waiters[id] = continuation
                    order.append(id)
                }
            }
        } onCancel: {
            Task { await self.wake(id) }
        }
    }

    /// Suspends until `count` sleeps were asked for.
    func waitForRequests(_ count: Int) async {
        if requests.count >= count { return }
        await withCheckedContinuation { watchers.append((count, $0)) }
    }

    /// Ends the oldest sleep still waiting; `false` when none waits.
    @discardableResult
    func releaseOldest() -> Bool {
        while let id = order.first {
            order.removeFirst()
            if let waiter = waiters.removeValue(forKey: id) {
                waiter.resume()
                return true
            }
        }
        return false
    }

    private func wake(_ id: Int) {
        waiters.removeValue(forKey: id)?.resume()
    }
}
