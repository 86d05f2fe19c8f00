/// A hostile `GET /v1/live` (`--live-fault`), for clients that must survive one.
public enum LiveStreamFault: String, Sendable, Equatable, CaseIterable {
    /// One line that never ends (bytes without a newline, until the client goes).
    case endlessLine = "endless-line"
    /// One event of 1 GB (64 KB data lines without the blank line that ends it).
    case hugeEvent = "huge-event"
    /// Random bytes (invalid UTF-8, NULs, stray colons) between real events.
    case garbage
    /// Event IDs past `Int.max`, then IDs going backwards.
    case wildIDs = "wild-ids"
    /// 10,000 like events a second.
    case flood
    /// The head, then nothing: no events and no keep-alive comments.
    case silent
}
