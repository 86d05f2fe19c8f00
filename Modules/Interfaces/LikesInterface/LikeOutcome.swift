/// How one call to the like use case ended.
public enum LikeOutcome: Hashable, Sendable {
    /// The server holds what the user wants; carries the server's reply.
    case saved(LikeResult)
    /// A newer tap on this post took over and will report instead.
    case superseded
    /// The latest state was refused; `serverState` is what the server holds, `nil` if no reply said.
    case failed(serverState: LikeResult?)
    /// The write's answer was lost; reading the like back says the server holds `liked` (no
    /// count comes with that read: screens move the count they had by one).
    case reread(liked: Bool)
    /// Saved on this device, not yet on the server (`persistent-like-queue`): it is sent later and
    /// its result arrives as a `LikeQueueEvent`; the heart keeps what the user wants meanwhile.
    case queued
}

extension LikeOutcome {
    /// What the server holds after this outcome, when a reply said.
    public var serverState: LikeResult? {
        switch self {
        case .saved(let result): result
        case .failed(let serverState): serverState
        case .superseded, .reread, .queued: nil
        }
    }
}
