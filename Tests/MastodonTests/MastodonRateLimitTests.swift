import Foundation
import Testing

@testable import Mastodon

@Suite("the rate limit a Mastodon server states")
struct MastodonRateLimitTests {
    @Test("the recorded headers: 299 left until the reset")
    func recorded() throws {
        let headers = try RecordedExchange("home_timeline").headers
        let limit = try #require(MastodonRateLimit(remaining: headers["x-ratelimit-remaining"], reset: headers["x-ratelimit-reset"]))
        #expect(limit.remaining == 299)
        #expect(limit.wait(at: limit.reset.addingTimeInterval(-60)) == 0, "plenty left: no wait")
    }

    @Test("few left spreads the rest of the window; none left waits for the reset, at most longestWait")
    func waits() throws {
        let reset = Date(timeIntervalSince1970: 2_000_000_000)
        let text = reset.formatted(Date.ISO8601FormatStyle())
        let few = try #require(MastodonRateLimit(remaining: "3", reset: text))
        #expect(few.wait(at: reset.addingTimeInterval(-40)) == 10)
        let none = try #require(MastodonRateLimit(remaining: "0", reset: text))
        #expect(none.wait(at: reset.addingTimeInterval(-40)) == 40)
        #expect(none.wait(at: reset.addingTimeInterval(-100_000)) == MastodonRateLimit.longestWait)
        #expect(none.wait(at: reset.addingTimeInterval(10)) == 0)
    }

    @Test("missing, negative, huge or unreadable values are no limit")
    func hostile() {
        #expect(MastodonRateLimit(remaining: nil, reset: "2026-10-14T19:15:00Z") == nil)
        #expect(MastodonRateLimit(remaining: "-1", reset: "2026-10-14T19:15:00Z") == nil)
        #expect(MastodonRateLimit(remaining: "99999999999999999999", reset: "2026-10-14T19:15:00Z") == nil)
        #expect(MastodonRateLimit(remaining: "5", reset: "tomorrow") == nil)
    }
}
