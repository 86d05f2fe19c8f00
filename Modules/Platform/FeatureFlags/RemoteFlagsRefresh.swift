/// The outcome of one `GET /v1/flags` by a `RemoteFlagsWatcher`.
public enum RemoteFlagsRefresh: Sendable, Equatable {
    /// The server sent values that differ from the last ones; they are saved for the next start.
    case changed
    /// The server sent the same values again (they are saved with the new fetch time).
    case unchanged
    /// The server answered 304 to `If-None-Match`: the cached values are current.
    case notModified
    /// No usable answer (the reason); the flags in use stay as they are.
    case failed(String)
    /// Another fetch was already under way; none was started.
    case alreadyInFlight
}
