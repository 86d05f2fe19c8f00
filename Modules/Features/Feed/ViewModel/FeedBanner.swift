import Foundation

/// The line above cached rows: how old they are, and whether the network failed.
public enum FeedBanner: Hashable, Sendable {
    /// Cached rows are shown while the network answers.
    case updated(Date)
    /// The network failed; cached rows stay, with a retry.
    case offline(Date)

    /// The text, e.g. "Updated 5 minutes ago" or "Offline · Updated 2 hours ago".
    public func text(now: Date) -> String {
        switch self {
        case .updated(let savedAt): Self.age(savedAt, now: now)
        case .offline(let savedAt): "Offline · " + Self.age(savedAt, now: now)
        }
    }

    static func age(_ savedAt: Date, now: Date) -> String {
        let interval = now.timeIntervalSince(savedAt)
        let seconds = interval.isFinite ? Int(min(max(0, interval), 1e12)) : 0
        func plural(_ count: Int, _ unit: String) -> String { "Updated \(count) \(unit)\(count == 1 ? "" : "s") ago" }
        switch seconds {
        case ..<60: return "Updated just now"
        case ..<3_600: return plural(seconds / 60, "minute")
        case ..<86_400: return plural(seconds / 3_600, "hour")
        default: return plural(seconds / 86_400, "day")
        }
    }
}
