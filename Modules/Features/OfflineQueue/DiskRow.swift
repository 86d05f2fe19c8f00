import LikesInterface

/// A post's row as the outbox file holds it now, whichever process wrote it.
enum DiskRow: Hashable {
    /// No row: the intent was settled long ago, refused, or dropped (a logout).
    case missing
    /// The row could not be read (the file is not usable now): trust what this process holds.
    case unknown
    /// An intent not yet settled.
    case waiting(QueuedIntent)
    /// A tombstone: the intent of `revision`, wanting `wanted`, settled with the server's `reply`.
    case settled(revision: Int, wanted: Bool, reply: LikeResult)
}
