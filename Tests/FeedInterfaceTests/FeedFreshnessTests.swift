import FeedInterface
import Foundation
import Testing

/// How old a saved feed is: a date in the future (the clock moved back) is never fresh, so it is checked.
@Suite struct FeedFreshnessTests {
    let rules = FeedFreshness(freshFor: 30, restoreFor: 3_600, hideAfter: 86_400)
    let now = Date(timeIntervalSince1970: 2_000_000_000)

    @Test func freshOnlyWhileYoungerThanFreshFor() {
        #expect(rules.isFresh(checkedAt: now.addingTimeInterval(-29), now: now))
        #expect(!rules.isFresh(checkedAt: now.addingTimeInterval(-30), now: now))
        #expect(rules.isFresh(checkedAt: now.addingTimeInterval(30), now: now), "a clock a little ahead is now")
    }

    @Test func aDateInTheFutureIsNeverFresh() {
        #expect(!rules.isFresh(checkedAt: now.addingTimeInterval(3_600), now: now), "the clock moved back an hour")
        #expect(!rules.isFresh(checkedAt: .distantFuture, now: now))
        #expect(!rules.isFresh(checkedAt: Date(timeIntervalSinceReferenceDate: .infinity), now: now))
        #expect(FeedFreshness.age(of: now.addingTimeInterval(3_600), now: now) == 0, "shown as just now: not hidden, not dated ahead")
    }
}
