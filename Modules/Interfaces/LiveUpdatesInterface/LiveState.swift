/// Where the live stream stands, as headless prints it (`"live": "open"`).
public enum LiveState: String, Hashable, Sendable {
    /// The flag is off, or the server switched it off.
    case off
    /// A connection is being opened.
    case connecting
    /// The stream is open and events apply.
    case open
    /// The stream failed or went quiet; it reopens after a backoff.
    case retrying
    /// No screen is shown (hidden or suspended): no connection.
    case paused
}
