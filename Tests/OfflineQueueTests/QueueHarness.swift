import FeedInterface
import Foundation
import LikesInterface
import LikesTesting
import Synchronization
import TelemetryInterface
import TestingSupport

@testable import OfflineQueue

/// A clock the test sets.
final class TestClock: Sendable {
    private let current = Mutex(Date(timeIntervalSinceReferenceDate: 800_000_000))

    /// The closure to pass as `now`.
    var now: @Sendable () -> Date { { [self] in current.withLock { $0 } } }

    /// Moves the clock on by `seconds`.
    func advance(_ seconds: TimeInterval) { current.withLock { $0 += seconds } }
}

/// A queue on a real file in a temporary directory, over a fake likes store, with a sleep and a
/// clock the test controls (the backoff timer never fires unless the test releases it).
struct QueueHarness {
    static let owner = "demo on http://127.0.0.1:1"

    let directory: TemporaryDirectory
    let url: URL
    let warnings = WarningLog()
    let likes: FakeLikesRepository
    let sleeper = ManualSleeper()
    let clock = TestClock()

    init(counts: [PostID: Int] = [:]) throws {
        directory = try TemporaryDirectory()
        url = directory.file("data/likes.sqlite")
        likes = FakeLikesRepository(counts: counts)
    }

    /// The configuration the tests use: the harness's sleep and clock, jitter at its middle.
    func configuration(parallelSends: Int = 4, random: @escaping @Sendable () -> Double = { 0.5 }) -> OfflineQueueConfiguration {
        OfflineQueueConfiguration(parallelSends: parallelSends, sleep: sleeper.sleep, random: random, now: clock.now)
    }

    /// Opens the queue on the harness's file.
    func open(
        owner: String = Self.owner, likes: (any LikesRepository)? = nil, configuration: OfflineQueueConfiguration? = nil,
        telemetry: TelemetryTracker = .none
    ) async throws -> OfflineLikeQueue {
        try await OfflineLikeQueue.open(
            at: url, owner: owner, likes: likes ?? self.likes, configuration: configuration ?? self.configuration(),
            warn: warnings.sink, telemetry: telemetry)
    }

    /// Queues `posts` offline as liked (each tap answered `queued`), then makes the store reachable.
    func queueOffline(_ posts: [PostID], on queue: OfflineLikeQueue) async {
        await likes.setUnreachable(true)
        for post in posts {
            _ = await queue.setLiked(true, post: post)
            clock.advance(1)
        }
        await likes.setUnreachable(false)
    }
}
