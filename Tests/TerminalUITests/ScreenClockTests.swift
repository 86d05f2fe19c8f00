import Synchronization
import Testing

@testable import TerminalUI

/// `ScreenClock`: the spinner's tick and a message's lifetime, counted from when it first shows.
@Suite struct ScreenClockTests {
    @Test func aMessageClearsAfterItsLifetimeFromWhenItFirstShowed() {
        let start = ContinuousClock.now
        let elapsed = Mutex(Duration.zero)
        var clock = ScreenClock<String>(messageLifetime: .seconds(4), now: { start + elapsed.withLock { $0 } })
        /// Advances at `seconds` with `message` on screen: whether the screen clears it.
        func advance(at seconds: Int, _ message: String?) -> Bool {
            elapsed.withLock { $0 = .seconds(seconds) }
            return clock.advance(showing: message)
        }
        #expect(!advance(at: 0, nil))
        #expect(clock.tick == 1)
        clock.note("saved")
        #expect(!advance(at: 3, "saved"), "3 s of 4")
        #expect(advance(at: 5, "saved"), "past its lifetime: the screen clears it")
        #expect(!advance(at: 5, "saved"), "forgotten once cleared: shown again, it starts over")
        #expect(!advance(at: 8, "failed"), "another message starts its own lifetime")
        #expect(advance(at: 12, "failed"))
        #expect(clock.tick == 6)
    }
}
