import FeedInterface
import FeedTesting
import Foundation
import Likes
import LikesInterface
import LikesTesting
import OfflineQueue
import StoreTesting

/// `likes-demo`: the likes feature built and run on its own. The like use case (`Likes`) and the
/// offline queue (`OfflineQueue`) over a likes server in memory, behind a post store of test support
/// that shows each heart at once; prints each step and what the server made of it, then exits.
@main
enum LikesDemo {
    static func main() async {
        signal(SIGPIPE, SIG_IGN)
        exit(await run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs the demo with `arguments`; returns the exit status.
    @MainActor
    static func run(_ arguments: [String]) async -> Int32 {
        let options: LikesDemoOptions
        do {
            guard let parsed = try LikesDemoOptions.parse(arguments) else {
                print(LikesDemoOptions.usage)
                return 0
            }
            options = parsed
        } catch {
            FileHandle.standardError.write(Data("likes-demo: \(error.message)\n".utf8))
            return 2
        }
        print("likes-demo: the like use case (Likes) and the offline queue (OfflineQueue) over a likes server in memory, "
            + "each write answered after \(options.latency) ms")
        // Posts p1…p6, not liked, 10 likes each, as the page showed them and the server counts them.
        let server = FakeLikesRepository(counts: Dictionary(uniqueKeysWithValues: (1...6).map { (PostID("p\($0)"), 10) }))
        await server.setWriteLatency(.milliseconds(options.latency))
        let store = FakePostStore(likePost: SerialLikePostUseCase(likes: server, reread: server, backoff: [.zero]))
        _ = store.receive((1...4).map { FeedFixtures.post($0) }, requestedAt: store.stamp())
        var results = [
            await optimisticLike(store, server), await rollback(store, server), await latestTapWins(store, server), await lostAnswer(store, server),
        ]
        results.append(await offlineQueue(server, keep: options.keep))
        let expected = results.filter { $0 }.count
        print("likes-demo: \(expected) of \(results.count) steps came out as expected")
        return expected == results.count ? 0 : 1
    }

    /// A like shows at once and settles on the server's reply.
    @MainActor
    private static func optimisticLike(_ store: FakePostStore, _ server: FakeLikesRepository) async -> Bool {
        let before = heart(store, "p1")
        guard let tap = store.toggleLike("p1") else { return report("p1 could not be tapped") }
        let atOnce = heart(store, "p1")
        let outcome = await tap.value
        print("1. optimistic like: p1 \(before) → \(atOnce) at once; the server saved it: \(heart(store, "p1"))")
        return outcome == .saved(LikeResult(liked: true, likeCount: 11)) && heart(store, "p1") == "♥ 11" || report("p1 ended \(outcome)")
    }

    /// A like the server refuses goes back to the heart from before the tap.
    @MainActor
    private static func rollback(_ store: FakePostStore, _ server: FakeLikesRepository) async -> Bool {
        await server.refuse("p2")
        let before = heart(store, "p2")
        guard let tap = store.toggleLike("p2") else { return report("p2 could not be tapped") }
        let atOnce = heart(store, "p2")
        let outcome = await tap.value
        print("2. rollback: p2 \(before) → \(atOnce) at once; the server refused it: back to \(heart(store, "p2"))")
        return outcome == .failed(serverState: nil) && heart(store, "p2") == before || report("p2 ended \(outcome)")
    }

    /// Taps while a write is out: the earlier ones are superseded and one follow-up sends the latest.
    @MainActor
    private static func latestTapWins(_ store: FakePostStore, _ server: FakeLikesRepository) async -> Bool {
        let first = await server.writes.count + 1
        let gate = await server.holdWrite(call: first)
        guard var previous = store.toggleLike("p3") else { return report("p3 could not be tapped") }
        await server.waitForWrites(first)
        var superseded = 0
        for _ in 1...3 {
            guard let next = store.toggleLike("p3") else { return report("p3 could not be tapped again") }
            // The earlier tap hears `superseded` once the next one reached the use case.
            if await previous.value == .superseded { superseded += 1 }
            previous = next
        }
        await gate.open()
        let outcome = await previous.value
        let writes = await server.writes.dropFirst(first - 1).map { $0.liked ? "like" : "unlike" }
        let sent = "\(writes.count) writes (\(writes.joined(separator: ", ")))"
        print("3. latest tap wins: p3 tapped 4 times while its first write was out: \(superseded) taps superseded, \(sent); \(heart(store, "p3"))")
        return superseded == 3 && writes == ["like", "unlike"] && outcome == .saved(LikeResult(liked: false, likeCount: 10))
            || report("p3 ended \(outcome) after \(writes)")
    }

    /// A write that landed but whose answer was lost is read back.
    @MainActor
    private static func lostAnswer(_ store: FakePostStore, _ server: FakeLikesRepository) async -> Bool {
        await server.applyThenLose(call: await server.writes.count + 1)
        guard let tap = store.toggleLike("p4") else { return report("p4 could not be tapped") }
        let outcome = await tap.value
        print("4. lost answer: p4's write landed but its answer was lost; read back: \(heart(store, "p4"))")
        return outcome == .reread(liked: true) && heart(store, "p4") == "♥ 11" || report("p4 ended \(outcome)")
    }

    /// Likes made offline wait in the queue's file, are still there when it is opened again, and are sent once the server is reachable.
    @MainActor
    private static func offlineQueue(_ server: FakeLikesRepository, keep: Bool) async -> Bool {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("likes-demo-\(UUID().uuidString)", isDirectory: true)
        defer { if !keep { try? FileManager.default.removeItem(at: directory) } }
        let file = directory.appendingPathComponent("likes.sqlite")
        // The backoff timer waits an hour: this demo drains on demand.
        let configuration = OfflineQueueConfiguration(sleep: { _ in try? await Task.sleep(for: .seconds(3600)) })
        let warn: @Sendable (String) -> Void = { FileHandle.standardError.write(Data("likes-demo: \($0)\n".utf8)) }
        do {
            print("5. offline queue: \(file.path)")
            await server.setUnreachable(true)
            let queue = try await OfflineLikeQueue.open(at: file, owner: "likes-demo", likes: server, configuration: configuration, warn: warn)
            let store = FakePostStore(likePost: queue)
            _ = store.receive([FeedFixtures.post(5), FeedFixtures.post(6)], requestedAt: store.stamp())
            var outcomes: [LikeOutcome] = []
            for post: PostID in ["p5", "p6"] {
                guard let tap = store.toggleLike(post) else { return report("\(post) could not be tapped") }
                outcomes.append(await tap.value)
            }
            let queued = outcomes.allSatisfy { $0 == .queued } ? "queued on this device" : "\(outcomes)"
            print("   offline: p5 \(heart(store, "p5")) and p6 \(heart(store, "p6")) at once, each \(queued)")
            // Another queue on the same file, as the next start would open it.
            let reopened = try await OfflineLikeQueue.open(at: file, owner: "likes-demo", likes: server, configuration: configuration, warn: warn)
            let waiting = await reopened.rows()
            let listed = waiting.map { "\($0.post.rawValue) \($0.wanted ? "like" : "unlike") (\($0.attempts) failed, \($0.lastError ?? "not sent yet"))" }
            print("   reopened (as the next start would): \(waiting.count) waiting: \(listed.joined(separator: ", "))")
            await server.setUnreachable(false)
            await reopened.drain()
            let left = await reopened.pending().count
            let p5 = await server.state(of: "p5"), p6 = await server.state(of: "p6")
            print("   back online, drained: \(left) waiting; the server holds p5 \(heart(p5)), p6 \(heart(p6))")
            let sent = p5 == LikeResult(liked: true, likeCount: 11) && p6 == LikeResult(liked: true, likeCount: 11)
            return outcomes == [.queued, .queued] && waiting.map(\.post) == ["p5", "p6"] && left == 0 && sent
                || report("the queue ended with \(left) waiting, p5 \(p5), p6 \(p6)")
        } catch {
            return report("the offline queue could not open \(file.path): \(error)")
        }
    }

    /// The heart and count the store shows for `id`: `♥ 11`, `♡ 10`, `? 10` while unknown.
    @MainActor
    private static func heart(_ store: FakePostStore, _ id: PostID) -> String {
        guard let post = store.post(id) else { return "(not shown)" }
        return "\(post.like.isLiked.map { $0 ? "♥" : "♡" } ?? "?") \(post.likeCount)"
    }

    /// The heart and count of what the server holds.
    private static func heart(_ result: LikeResult) -> String { "\(result.liked ? "♥" : "♡") \(result.likeCount)" }

    /// Prints why a step did not come out as expected, on stderr; returns `false`.
    private static func report(_ problem: String) -> Bool {
        FileHandle.standardError.write(Data("likes-demo: not as expected: \(problem)\n".utf8))
        return false
    }
}
