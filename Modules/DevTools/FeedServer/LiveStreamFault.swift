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
    /// IDs at the integer edges: a real likes event with ID `Int.max`, a reset with the same ID and
    /// one with 0, IDs of `Int.max + 1` and below 0, then silence.
    case edgeIDs = "edge-ids"
    /// Terminal escape sequences and control bytes in an event's ID, name and data (an OSC 52
    /// clipboard write, a screen clear, a bell, bidi overrides), then silence.
    case controlBytes = "control-bytes"
    /// A comment, then the connection closes at once, every time.
    case closeAtOnce = "close-at-once"
}
