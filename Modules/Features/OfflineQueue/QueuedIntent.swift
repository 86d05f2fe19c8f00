import FeedInterface
import Foundation
import LikesInterface

/// One row of the outbox: the state the user wants for a post, not yet on the server.
struct QueuedIntent: Hashable, Sendable {
    /// The longest last error kept, in characters.
    static let errorCharacters = 200
    /// Times read back must be within a century of 2001 (seconds since 2001-01-01).
    static let timeRange = -3_155_760_000.0...3_155_760_000.0
    /// The revisions believed from a file: a clock of 2^53 taps never runs out, and `+ 1` never traps.
    static let revisionRange = 0...(1 << 53)

    /// The post.
    let post: PostID
    /// The heart the user wants.
    var wanted: Bool
    /// The server's heart and count before the first unsent tap, when the tapper said.
    var before: LikeResult?
    /// When the first unsent tap was made.
    var queuedAt: Date
    /// How many sends of it failed without an answer that settles it.
    var attempts: Int
    /// Why the latest send failed.
    var lastError: String?
    /// Grows with every tap: a reply to an older revision never deletes a newer one.
    var revision: Int

    /// `error` as it is kept: its words, cut to `errorCharacters`.
    static func describe(_ error: any Error) -> String {
        printable((error as? LikeError)?.description ?? String(describing: error))
    }

    /// `text` cut to `errorCharacters`, control characters (escape sequences too) made spaces: it is
    /// printed to a terminal by `feed queue`, and may quote a server.
    static func printable(_ text: String) -> String {
        let kept = text.unicodeScalars.prefix(errorCharacters).map { $0.properties.generalCategory == .control ? " " : Character($0) }
        return String(kept)
    }
}
