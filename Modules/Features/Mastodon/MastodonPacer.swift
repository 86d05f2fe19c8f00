import FeedInterface
import Foundation
import Networking

/// Keeps one app's requests to a Mastodon-API server inside its rate limit: each reply's
/// `X-RateLimit-Remaining`/`-Reset` are noted, and a request waits its turn when few are left
/// (`MastodonRateLimit.wait`); after a 429, the next request waits for the last known reset.
public actor MastodonPacer {
    private var limit: MastodonRateLimit?
    private let now: @Sendable () -> Date
    private let sleep: @Sendable (TimeInterval) async -> Void

    /// A pacer on the wall clock; `sleep` waits (cancellably) that many seconds.
    public init(
        now: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping @Sendable (TimeInterval) async -> Void = { try? await Task.sleep(for: .milliseconds(Int($0 * 1_000))) }
    ) {
        self.now = now
        self.sleep = sleep
    }

    /// The longest a request waits its turn; past that it fails at once, saying until when.
    public static let longestWait: TimeInterval = 30

    /// Waits until a request may go (at once while the limit has room); throws a `FeedError`
    /// saying until when when that is more than `longestWait` away.
    public func waitTurn() async throws {
        guard let limit else { return }
        let wait = limit.wait(at: now())
        guard wait <= Self.longestWait else {
            let until = limit.reset.formatted(Date.ISO8601FormatStyle())
            throw FeedError.server(reason: "the server's rate limit is spent until \(until); try again then")
        }
        if wait > 0 { await sleep(wait) }
    }

    /// Notes what `response` says of the limit.
    public func note(_ response: HTTPResponse) {
        if let stated = MastodonRateLimit(remaining: response.header("x-ratelimit-remaining"), reset: response.header("x-ratelimit-reset")) {
            limit = stated
        }
    }

    /// Notes a refusal: a 429 leaves no request until the last known reset.
    public func note(_ error: any Error) {
        guard case .status(429, _)? = error as? HTTPError, let known = limit,
            let empty = MastodonRateLimit(remaining: "0", reset: known.reset.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
        else { return }
        limit = empty
    }

    /// Sends `request` through `http` in its turn, noting the reply or the refusal.
    func send(_ request: HTTPRequest, through http: any HTTPClient) async throws -> HTTPResponse {
        try await waitTurn()
        do {
            let response = try await http.send(request)
            note(response)
            return response
        } catch {
            note(error)
            throw error
        }
    }
}
