import Foundation

/// How the saved feed is trusted by age: fresh enough to skip the launch refresh, recent enough to
/// restore the reader's place, too old to show at all.
public struct FeedFreshness: Hashable, Sendable {
    /// A saved feed younger than this is shown with no launch refresh (seconds).
    public var freshFor: TimeInterval
    /// A place saved within this is restored; past it the feed opens at the top and refreshes (seconds).
    public var restoreFor: TimeInterval
    /// A saved feed older than this is not shown (seconds).
    public var hideAfter: TimeInterval

    /// Rules in seconds.
    public init(freshFor: TimeInterval, restoreFor: TimeInterval, hideAfter: TimeInterval) {
        self.freshFor = freshFor
        self.restoreFor = restoreFor
        self.hideAfter = hideAfter
    }

    /// The defaults: fresh for 30 seconds, the place kept for 3 hours, hidden after 7 days.
    public static let standard = FeedFreshness(freshFor: 30, restoreFor: 3 * 3_600, hideAfter: 7 * 86_400)

    /// Always revalidate, never restore, never hide: the feed as before these rules.
    public static let always = FeedFreshness(freshFor: 0, restoreFor: 0, hideAfter: .infinity)

    /// The age of something saved at `date`, seen at `now` (a date in the future counts as just now).
    public static func age(of date: Date, now: Date) -> TimeInterval {
        let age = now.timeIntervalSince(date)
        return age.isFinite ? max(0, age) : .infinity
    }

    /// How far ahead of `now` a date may be and still count as now (clocks of two processes, a second off).
    public static let clockSkew: TimeInterval = 60

    /// Whether something checked at `date` needs no refresh at `now`: younger than `freshFor`. A date
    /// in the future (the clock moved back since) says nothing of its age: never fresh, so it is checked.
    public func isFresh(checkedAt date: Date, now: Date) -> Bool {
        let age = now.timeIntervalSince(date)
        guard age.isFinite, age >= -Self.clockSkew else { return false }
        return max(0, age) < freshFor
    }
}
