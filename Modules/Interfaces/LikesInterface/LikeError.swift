/// Why a like write failed, in the terms that decide what happens next.
public enum LikeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server will not take it (a 4xx other than 408 and 429): roll back, never resend.
    case refused(reason: String)
    /// It never reached the server (no connection, throttled): nothing changed there; safe to resend.
    case notSent(reason: String)
    /// It may or may not have been applied (a timeout, a lost connection, a 5xx): resend the final
    /// state, or read the like back to learn which.
    case outcomeUnknown(reason: String)

    public var description: String {
        switch self {
        case .refused(let reason), .notSent(let reason), .outcomeUnknown(let reason): reason
        }
    }

    /// Whether sending the same final state again later may succeed.
    public var isTransient: Bool {
        if case .refused = self { return false }
        return true
    }
}
