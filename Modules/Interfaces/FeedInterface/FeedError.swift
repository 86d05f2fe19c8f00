/// Why a page could not be loaded, in the feed's terms: repositories throw it, screens word it.
public enum FeedError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server no longer accepts the cursor (an expired session): start the feed over.
    case cursorExpired
    /// The server could not be reached or did not answer in time; `reason` says which.
    case offline(reason: String)
    /// The server answered with an error, or with a reply that could not be read.
    case server(reason: String)
    /// The caller cancelled the request.
    case cancelled

    /// What went wrong, in words a person can act on, e.g. `cannot reach 127.0.0.1:9: …`.
    public var description: String {
        switch self {
        case .cursorExpired: "the server no longer accepts this place in the feed"
        case .offline(let reason), .server(let reason): reason
        case .cancelled: "the request was cancelled"
        }
    }

    /// `error` as a feed error: itself when it is one, else a server error naming it.
    public init(_ error: any Error) {
        if let error = error as? FeedError {
            self = error
        } else if error is CancellationError {
            self = .cancelled
        } else {
            self = .server(reason: String(describing: error))
        }
    }
}
