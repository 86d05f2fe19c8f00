import Foundation
import Synchronization
import Testing
import TestingSupport

@testable import LiveUpdates

/// The frame ticker and the doorbell: how a stream's loop and its frames wake on the main actor.
@MainActor @Suite struct FrameTickerTests {
    @Test func aThousandRingsFromAnotherThreadRunTheActionOncePerFrame() async {
        var runs = 0
        let ticker = FrameTicker(frame: .milliseconds(200)) { runs += 1 }
        await Task.detached { for _ in 0..<1_000 { ticker.ring() } }.value
        #expect(await eventually { runs >= 1 })
        #expect(runs <= 2, "a thousand rings take far less than a frame (two frames on a stalled box)")
        // Rings after it ran are due a frame later: one more run.
        let before = runs
        ticker.ring()
        ticker.ring()
        #expect(await eventually { runs == before + 1 })
    }

    @Test func aRingWhileTheActionRunsIsDueTheNextFrame() async {
        var runs = 0
        var ticker: FrameTicker?
        ticker = FrameTicker(frame: .milliseconds(1)) {
            runs += 1
            if runs < 5 { ticker?.ring() }
        }
        ticker?.ring()
        #expect(await eventually { runs == 5 }, "each run's ring was kept, none lost")
    }

    @Test func aRingBeforeTheWaitReturnsAtOnceAndIsTakenOnce() async {
        let doorbell = Doorbell()
        doorbell.ring()
        doorbell.ring()
        await doorbell.wait()
        let woke = Mutex(false)
        let waiter = Task { @MainActor in
            await doorbell.wait()
            woke.withLock { $0 = true }
        }
        // The second wait waits: both rings before it were one.
        await Task.yield()
        #expect(!woke.withLock { $0 })
        Task.detached { doorbell.ring() }
        await waiter.value
        #expect(woke.withLock { $0 })
    }

    @Test func cancellingAWaitEndsIt() async {
        let doorbell = Doorbell()
        let waiter = Task { @MainActor in await doorbell.wait() }
        waiter.cancel()
        await waiter.value
    }
}
