extension HTTPError {
    /// What a failure says about a write: whether the server may have applied it.
    public enum Outcome: Hashable, Sendable {
        /// The request never reached the server (no connection, an invalid URL): nothing was applied.
        case notApplied
        /// The server may or may not have applied it (timeout, connection lost after sending, 5xx,
        /// an unreadable or refused answer): read the server's state before trusting either.
        case unknown
        /// The server answered with a 4xx status: it did not apply the request.
        case refused
    }

    /// Whether the server may have applied the request that failed with this error.
    public var outcome: Outcome {
        switch self {
        case .invalidURL, .unreachable:
            .notApplied
        case .status(let code, _) where (400..<500).contains(code):
            .refused
        case .timeout, .connectionClosed, .notHTTP, .malformedReply, .bodyTooLarge, .redirectToOtherHost, .redirectLoop,
            .tooManyRedirects, .status, .retryAfterTooLong, .decoding, .cancelled:
            .unknown
        }
    }

    /// Whether a write that failed with this error may have been applied (`outcome == .unknown`).
    public var isOutcomeUnknown: Bool { outcome == .unknown }
}
