import FeedInterface
import FeedServer
import Foundation
import Likes
import LikesInterface
import LikesTesting
import Networking
import OfflineQueue

/// (j) The persistent like queue: one tap through the outbox (its commit included) beside the
/// in-memory use case, and draining 1,000 queued likes against the reference server on loopback.
enum QueueBenchmarks {
    /// Taps timed per use case; the median is reported.
    static let taps = 201
    /// Likes queued offline, then drained.
    static let drained = 1_000

    static func run() async -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("feed-bench-queue-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let (queued, serial) = try await tapCost(directory.appendingPathComponent("tap/likes.sqlite"))
            let drain = try await drainCost(directory.appendingPathComponent("drain/likes.sqlite"))
            return [
                "(j) persistent like queue (WAL; each tap synced to disk, synchronous=FULL, before it is sent; medians of \(taps))",
                "    one tap: queue \(Measure.format(queued)) (commit, re-read, send, settle), in-memory SerialLikePostUseCase \(Measure.format(serial))"
                    + " → \(Measure.ratio(queued, serial))",
                "    drain \(drained) queued likes against the reference server: \(Measure.format(drain.time)),"
                    + " requests sent = \(drain.requests), left queued = \(drain.left)",
            ]
        } catch {
            return ["(j) persistent like queue: could not run (\(error))"]
        }
    }

    /// The median time of one tap answered at once by an in-memory store, through the queue and through the serial use case.
    private static func tapCost(_ file: URL) async throws -> (queued: Duration, serial: Duration) {
        let queue = try await OfflineLikeQueue.open(at: file, owner: "bench", likes: FakeLikesRepository(), warn: { print($0) })
        let serial = SerialLikePostUseCase(likes: FakeLikesRepository())
        var queued: [Duration] = []
        var inMemory: [Duration] = []
        for tap in 0..<taps {
            let post = PostID("p\(tap % 20)")
            queued.append(await time { _ = await queue.setLiked(tap % 2 == 0, post: post) })
            inMemory.append(await time { _ = await serial.setLiked(tap % 2 == 0, post: post) })
        }
        return (median(queued), median(inMemory))
    }

    /// Queues `drained` likes with the network down, then times one drain against the reference server.
    private static func drainCost(_ file: URL) async throws -> (time: Duration, requests: Int, left: Int) {
        do {
            let patient = OfflineQueueConfiguration(backoff: DrainBackoff(initial: .seconds(3_600), cap: .seconds(3_600)))
            let offline = try await OfflineLikeQueue.open(at: file, owner: "bench", likes: Unreachable(), configuration: patient, warn: { print($0) })
            for index in 1...drained { _ = await offline.setLiked(true, post: PostID("p\(index)")) }
        }
        let server = FeedServer(options: FeedServerOptions(port: 0, posts: drained))
        let port = try server.start()
        defer { server.stop() }
        let http = HTTPTransportClient(configuration: HTTPClientConfiguration(baseURL: URL(string: "http://127.0.0.1:\(port)")!))
        let queue = try await OfflineLikeQueue.open(at: file, owner: "bench", likes: RemoteLikesRepository(http: http), warn: { print($0) })
        let elapsed = await time { await queue.drain() }
        return (elapsed, server.stats().likeRequests.values.reduce(0, +), await queue.count)
    }

    private static func time(_ body: () async -> Void) async -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        await body()
        return clock.now - start
    }

    private static func median(_ samples: [Duration]) -> Duration { samples.sorted()[samples.count / 2] }

    /// A likes store with no network.
    private struct Unreachable: LikesRepository {
        func setLiked(_ liked: Bool, post: PostID) async throws -> LikeResult { throw LikeError.notSent(reason: "offline") }
    }
}
