import FeedInterface
import Foundation
import Networking
import NetworkingTesting
import Synchronization
import Testing

@testable import Mastodon

@Suite("pacing requests inside the server's rate limit")
struct MastodonPacerTests {
    /// A clock that stands still and a sleeper that only records.
    private final class Clock: Sendable {
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        let slept = Mutex<[TimeInterval]>([])
    }

    private func headers(remaining: Int, resetIn seconds: TimeInterval, from now: Date) -> [String: String] {
        ["x-ratelimit-remaining": String(remaining), "x-ratelimit-reset": now.addingTimeInterval(seconds).formatted(Date.ISO8601FormatStyle())]
    }

    @Test("plenty left: no wait; few left: the rest of the window spread; none: until the reset; a far reset fails at once")
    func waits() async throws {
        let clock = Clock()
        let pacer = MastodonPacer(now: { clock.now }, sleep: { seconds in clock.slept.withLock { $0.append(seconds) } })
        try await pacer.waitTurn()
        await pacer.note(HTTPResponse(status: 200, headers: headers(remaining: 299, resetIn: 60, from: clock.now)))
        try await pacer.waitTurn()
        await pacer.note(HTTPResponse(status: 200, headers: headers(remaining: 3, resetIn: 40, from: clock.now)))
        try await pacer.waitTurn()
        await pacer.note(HTTPResponse(status: 200, headers: headers(remaining: 0, resetIn: 25, from: clock.now)))
        try await pacer.waitTurn()
        #expect(clock.slept.withLock { $0 } == [10, 25])
        await pacer.note(HTTPResponse(status: 200, headers: headers(remaining: 0, resetIn: 400, from: clock.now)))
        await #expect(throws: FeedError.self, "a wait past longestWait fails at once, saying until when") { try await pacer.waitTurn() }
        #expect(clock.slept.withLock { $0 } == [10, 25])
    }

    @Test("a 429 leaves no request until the last known reset, through the repositories")
    func tooMany() async throws {
        let clock = Clock()
        let pacer = MastodonPacer(now: { clock.now }, sleep: { seconds in clock.slept.withLock { $0.append(seconds) } })
        let calls = Mutex(0)
        let reset = headers(remaining: 200, resetIn: 30, from: clock.now)
        let http = FakeHTTPClient { _ throws(HTTPError) in
            let call = calls.withLock { count in
                count += 1
                return count
            }
            guard call > 1 else { return HTTPResponse(status: 200, headers: reset, body: Data("[]".utf8)) }
            throw .status(code: 429, message: "Too many requests")
        }
        let feed = MastodonFeedRepository(http: http, timeline: .public, pacer: pacer)
        _ = try await feed.posts(after: nil)
        await #expect(throws: (any Error).self) { try await feed.posts(after: nil) }
        try await pacer.waitTurn()
        #expect(clock.slept.withLock { $0 } == [30])
    }
}
