import Testing
import Waiting

/// Whichever ends first answers: the work with its value, or the deadline with the fallback; a
/// work that never ends does not hold the caller past the deadline.
@Suite struct DeadlineTests {
    @Test func workThatEndsGivesItsValue() async {
        #expect(await Deadline.value(within: .seconds(60), else: 0) { 42 } == 42)
        #expect(await Deadline.waitAtMost(.seconds(60)) {})
    }

    @Test func workThatNeverEndsGivesTheFallbackAtTheDeadline() async {
        let never: @Sendable () async -> Int = {
            await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
            return 1
        }
        #expect(await Deadline.value(within: .milliseconds(20), else: -1, of: never) == -1)
        #expect(await Deadline.waitAtMost(.milliseconds(20)) { _ = await never() } == false)
    }
}
