import FeedInterface
import Foundation
import LikesInterface
import Synchronization
import Testing
import TestingSupport

@testable import OfflineQueue

@Suite("OfflineQueue: the capped exponential backoff timer with jitter")
struct BackoffTests {
    static func seconds(_ values: [Double]) -> [Duration] { values.map { .milliseconds(Int64($0 * 1000)) } }

    @Test("1, 2, 4 … capped at 60 s; jitter ±25 % never over the cap")
    func schedule() {
        let backoff = DrainBackoff.standard
        let steps = Array(1...10)
        #expect(steps.map { backoff.delay(step: $0, random: 0.5) } == Self.seconds([1, 2, 4, 8, 16, 32, 60, 60, 60, 60]))
        #expect(steps.map { backoff.delay(step: $0, random: 0) } == Self.seconds([0.75, 1.5, 3, 6, 12, 24, 45, 45, 45, 45]))
        #expect(steps.map { backoff.delay(step: $0, random: 1) } == Self.seconds([1.25, 2.5, 5, 10, 20, 40, 60, 60, 60, 60]))
        #expect(backoff.delay(step: 1_000_000, random: 2) == .seconds(60))
        #expect(backoff.delay(step: -3, random: -1) == .milliseconds(750))
    }

    @Test("the timer follows the schedule while sends fail and starts over after a success")
    func timerOnInjectedClock() async throws {
        let harness = try QueueHarness(counts: ["p1": 5])
        let queue = try await harness.open()
        let events = queue.events()
        await harness.likes.setUnreachable(true)
        #expect(await queue.setLiked(true, post: "p1") == .queued)
        for round in 1...8 {
            await harness.sleeper.waitForRequests(round)
            #expect(await harness.likes.writes.count == round)
            await harness.sleeper.releaseOldest()
        }
        await harness.sleeper.waitForRequests(9)
        #expect(await harness.sleeper.requests == Self.seconds([1, 2, 4, 8, 16, 32, 60, 60, 60]))
        #expect(await queue.rows().map(\.attempts) == [9])
        // The network is back: the next round succeeds and the backoff starts over.
        await harness.likes.setUnreachable(false)
        await harness.sleeper.releaseOldest()
        #expect(await collect(1, from: events) == [LikeQueueEvent(post: "p1", outcome: .saved(LikeResult(liked: true, likeCount: 6)))])
        await harness.likes.setUnreachable(true)
        #expect(await queue.setLiked(false, post: "p1") == .queued)
        await harness.sleeper.waitForRequests(10)
        #expect(await harness.sleeper.requests.last == .seconds(1))
    }

    @Test("with seeded jitter every wait stays within ±25 % of its step and never over 60 s")
    func jitterBounds() async throws {
        let harness = try QueueHarness()
        let random = SeededRandom(seed: 0x51EE_D5)
        let queue = try await harness.open(configuration: harness.configuration(random: { random.next() }))
        await harness.likes.setUnreachable(true)
        _ = await queue.setLiked(true, post: "p1")
        for round in 1...12 {
            await harness.sleeper.waitForRequests(round)
            await harness.sleeper.releaseOldest()
        }
        await harness.sleeper.waitForRequests(13)
        let waits = await harness.sleeper.requests
        for (index, wait) in waits.enumerated() {
            let base = Duration.seconds(min(60, 1 << index))
            #expect(wait >= base * 0.75 && wait <= min(base * 1.25, .seconds(60)), "round \(index + 1): \(wait)")
        }
        #expect(Set(waits.prefix(6)).count == 6)
    }

    @Test("failures while the timer is armed do not move it; only a round that fails does")
    func oneStepPerRound() async throws {
        let harness = try QueueHarness()
        let queue = try await harness.open()
        await harness.likes.setUnreachable(true)
        for post in ["p1", "p2", "p3"] { _ = await queue.setLiked(true, post: PostID(post)) }
        await harness.sleeper.waitForRequests(1)
        await harness.sleeper.releaseOldest()
        await harness.likes.waitForWrites(6)
        await queue.waitUntilIdle()
        // The timer's task asks for its sleep on its own; all three retries failed before this.
        await harness.sleeper.waitForRequests(2)
        #expect(await harness.sleeper.requests == Self.seconds([1, 2]))
        #expect(await harness.likes.writes.count == 6)
    }
}

/// Numbers in 0…1 from a seeded generator, shared safely.
final class SeededRandom: Sendable {
    private let generator: Mutex<SplitMix64>

    init(seed: UInt64) { generator = Mutex(SplitMix64(seed: seed)) }

    func next() -> Double { generator.withLock { Double($0.next() >> 11) / Double(UInt64(1) << 53) } }
}
