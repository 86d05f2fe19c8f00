import FeedInterface
import Foundation
import LikesInterface
import LikesTesting
import PluginInterface
import PluginKit
import Testing
import TestingSupport

@testable import OfflineQueue

/// The like queue as a plugin: what `settle` waits for, and that its deadline holds.
@Suite struct LikeQueuePluginTests {
    @Test func settleAnswersByItsDeadlineWhileALikeIsHeldAndSaysItDidNotSettle() async throws {
        let harness = try QueueHarness()
        let queue = try await harness.open()
        let plugin = await ActiveLikeQueue(queue: queue, pending: [], file: harness.url, services: TypedServiceRegistry())
        let held = await harness.likes.holdWrite(call: 1)
        Task { _ = await queue.setLiked(true, post: "p1") }
        await harness.likes.waitForWrites(1)
        // Code that waits for the like would wait until this opens the gate, 20 s from now (a
        // loaded 2-core run has stretched the 200 ms deadline to 5 s; the old code waited for the like).
        Task {
            try? await Task.sleep(for: .seconds(20))
            await held.open()
        }
        let started = ContinuousClock.now
        let settled = await plugin.settle(timeout: .milliseconds(200))
        let waited = ContinuousClock.now - started
        #expect(!settled, "a like still out at the deadline: not settled")
        #expect(waited < .seconds(15), "settle returned after \(waited), long past its 200 ms deadline")
        await held.open()
        #expect(await plugin.settle(timeout: .seconds(30)), "once the like lands, settle says so")
    }

    @MainActor @Test("the queue is offered as the app's QueuedLikePostUseCase when it wraps the like use case, and keeps what it is given")
    func theQueueIsOfferedByType() async throws {
        let harness = try QueueHarness()
        let queue = try await harness.open()
        await harness.likes.setUnreachable(true)
        let services = TypedServiceRegistry()
        let plugin = ActiveLikeQueue(queue: queue, pending: [], file: harness.url, services: services)
        #expect(services.service((any QueuedLikePostUseCase).self) == nil, "nothing offered before it takes its place")
        _ = plugin.likePost(wrapping: FakeLikePostUseCase())
        let offered = try #require(services.service((any QueuedLikePostUseCase).self))
        #expect(await offered.setLiked(true, post: "p1", before: nil) == .queued)
        #expect(await queue.pending().map(\.post) == ["p1"], "the like the offered queue took waits in the outbox")
        plugin.switchOff()
        #expect(await offered.setLiked(false, post: "p1", before: nil) == .queued, "a post with an intent waiting still goes through the queue")
    }

    @MainActor @Test("likes an earlier build queued among the caches are moved to the state folder, log and all, once")
    func theOutboxMovesFromTheCachesToTheStateFolder() async throws {
        let directory = try TemporaryDirectory()
        let (cache, state) = (directory.url.appendingPathComponent("cache/feed"), directory.url.appendingPathComponent("state/feed"))
        let files = PluginFiles(
            directory: cache, owner: QueueHarness.owner, name: { cache.appendingPathComponent("\($0)-x.\($1)") },
            state: { state.appendingPathComponent("\($0)-x.\($1)") })
        let old = LikeQueuePlugin.legacyOutbox(files)
        do {
            let likes = FakeLikesRepository()
            await likes.setUnreachable(true)
            let queue = try await OfflineLikeQueue.open(at: old, owner: QueueHarness.owner, likes: likes, warn: { _ in })
            #expect(await queue.setLiked(true, post: "p1") == .queued)
        }
        var warnings: [String] = []
        let moved = LikeQueuePlugin.migratedOutbox(files) { warnings.append($0) }
        #expect(moved == LikeQueuePlugin.outbox(files) && moved.path.hasPrefix(state.path))
        #expect(warnings.isEmpty && !FileManager.default.fileExists(atPath: old.path))
        let queue = try await OfflineLikeQueue.open(at: moved, owner: QueueHarness.owner, likes: FakeLikesRepository(), warn: { _ in })
        #expect(await queue.pending().map(\.post) == ["p1"], "the like waits in its new place")
        // Clearing the caches loses nothing now.
        try FileManager.default.removeItem(at: cache)
        #expect(LikeQueuePlugin.migratedOutbox(files) { warnings.append($0) } == moved)
        #expect(await queue.count == 1)
    }
}
