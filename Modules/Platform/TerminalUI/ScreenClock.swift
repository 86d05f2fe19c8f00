/// A screen's clock: the spinner's tick, and how long the message on screen has been shown, so a
/// message clears itself after its lifetime (the feed's and the profile's, one rule).
public struct ScreenClock<Message: Equatable> {
    /// The spinner's frame: advanced once per tick.
    public private(set) var tick = 0
    /// How long a message stays before the screen clears it.
    public let messageLifetime: Duration
    private let now: () -> ContinuousClock.Instant
    private var shown: (message: Message, since: ContinuousClock.Instant)?

    /// A clock whose messages last `messageLifetime` by `now`.
    public init(messageLifetime: Duration, now: @escaping () -> ContinuousClock.Instant) {
        self.messageLifetime = messageLifetime
        self.now = now
    }

    /// The screen shows `message` (`nil`: none); a message's lifetime starts when it first shows.
    public mutating func note(_ message: Message?) {
        guard let message else {
            shown = nil
            return
        }
        if shown?.message != message { shown = (message, now()) }
    }

    /// Advances the spinner with `message` on screen; returns whether it has been shown its
    /// lifetime (the screen clears it, and the clock forgets it).
    public mutating func advance(showing message: Message?) -> Bool {
        tick &+= 1
        note(message)
        guard let shown, now() - shown.since >= messageLifetime else { return false }
        self.shown = nil
        return true
    }
}
