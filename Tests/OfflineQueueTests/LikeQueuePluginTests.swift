import FeedInterface
import Foundation
import LikesInterface
import LikesTesting
import Testing

@testable import OfflineQueue

/// The like queue as a plugin: what `settle` waits for, and that its deadline holds.
@Suite struct LikeQueuePluginTests {
    @Test func settleAnswersByItsDeadlineWhileALikeIsHeldAndSaysItDidNotSettle() async throws {
        let harness = try QueueHarness()
        let queue = try await harness.open()
        let plugin = await ActiveLikeQueue(queue: queue, pending: [], file: harness.url)
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
}
