import Foundation

/// A post's age the short way a feed shows it: "now", "5m", "2h", "3d", "4w", "2y".
public enum AgeText {
    /// The age of something made at `date`, seen at `now`; a time ahead of `now` (clocks differ) reads "now".
    public static func format(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        guard seconds.isFinite, seconds >= 60 else { return "now" }
        let minutes = Int(min(seconds, 1e12) / 60)
        switch minutes {
        case ..<60: return "\(minutes)m"
        case ..<(24 * 60): return "\(minutes / 60)h"
        case ..<(7 * 24 * 60): return "\(minutes / (24 * 60))d"
        case ..<(365 * 24 * 60): return "\(minutes / (7 * 24 * 60))w"
        default: return "\(minutes / (365 * 24 * 60))y"
        }
    }
}
