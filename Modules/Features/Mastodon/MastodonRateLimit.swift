import Foundation

/// What a Mastodon server says of its rate limit on each reply (`X-RateLimit-Remaining`,
/// `X-RateLimit-Reset`): requests slow down before a 429, and a 429 waits for the reset.
struct MastodonRateLimit: Sendable, Equatable {
    /// Requests left in this window.
    let remaining: Int
    /// When the window starts again.
    let reset: Date

    /// The limit the headers of a reply state; nil when either is missing or out of range.
    init?(remaining: String?, reset: String?) {
        guard let remaining, remaining.utf8.count <= 12, let count = Int(remaining), count >= 0,
            let reset, reset.utf8.count <= 40,
            let date = (try? Date(reset, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
                ?? (try? Date(reset, strategy: Date.ISO8601FormatStyle()))
        else { return nil }
        self.remaining = count
        self.reset = date
    }

    /// The longest wait a server's reset can ask for.
    static let longestWait: TimeInterval = 300

    /// How long to wait before the next request at `now`: nothing while more than `spare`
    /// requests are left; then the rest of the window spread over what is left (the whole rest
    /// when none is), never more than `longestWait`.
    func wait(at now: Date, spare: Int = 10) -> TimeInterval {
        guard remaining <= spare else { return 0 }
        let left = min(max(0, reset.timeIntervalSince(now)), Self.longestWait)
        return remaining == 0 ? left : left / Double(remaining + 1)
    }
}
