import Database
import FeedInterface
import Foundation
import LikesInterface

/// The outbox's rows: an intent written, the revision clock read, a post's row and an intent read back.
extension Outbox {
    static func upsert(_ intent: QueuedIntent, into db: Connection) throws {
        try db.execute(
            OutboxSchema.upsert,
            [
                intent.post.rawValue, intent.wanted, intent.before?.liked, intent.before?.likeCount,
                intent.queuedAt.timeIntervalSinceReferenceDate, intent.attempts, intent.lastError, intent.revision,
            ]
        )
    }

    /// The file's next revision. A clock past any a program of ours reaches (a hand-edited or foreign
    /// file; SQLite would turn its overflow into a real number) makes the file one to start over.
    static func nextRevision(in db: Connection) throws -> Int {
        let revisions = try db.query(OutboxSchema.nextRevision) { row in try? row.column(0, as: Int.self) }
        guard let first = revisions.first else {
            throw DatabaseError.sqlite(code: 1, message: "the outbox has no revision counter", sql: OutboxSchema.nextRevision)
        }
        guard let revision = first, QueuedIntent.revisionRange.contains(revision) else {
            throw DatabaseError.corrupt("the outbox's revision clock is out of range")
        }
        return revision
    }

    /// The row of `post` in `db`.
    static func row(of post: PostID, in db: Connection) throws -> DiskRow {
        let rows = try db.query(OutboxSchema.selectPost, [post.rawValue]) { row -> DiskRow in
            guard (try? row.column(8, as: Bool.self)) == true else { return intent(row).map(DiskRow.waiting) ?? .unknown }
            guard let wanted = try? row.column(1, as: Bool.self), let revision = try? row.column(7, as: Int.self),
                QueuedIntent.revisionRange.contains(revision),
                let liked = try? row.column(9, as: Bool.self), let count = try? row.column(10, as: Int.self),
                PostLimits.likeCount.contains(count)
            else { return .unknown }
            return .settled(revision: revision, wanted: wanted, reply: LikeResult(liked: liked, likeCount: count))
        }
        return rows.first ?? .missing
    }

    /// The intent in a row of `OutboxSchema.rowColumns`, range-checked like anything read from outside;
    /// `nil` when its post, wanted state or revision cannot be read.
    static func intent(_ row: borrowing Row) -> QueuedIntent? {
        guard let post = try? row.column(0, as: String.self), PostLimits.idBytes.contains(post.utf8.count),
            let wanted = try? row.column(1, as: Bool.self), let revision = try? row.column(7, as: Int.self),
            QueuedIntent.revisionRange.contains(revision)
        else { return nil }
        var before: LikeResult?
        if let liked = try? row.column(2, as: Bool.self), let count = try? row.column(3, as: Int.self),
            PostLimits.likeCount.contains(count)
        {
            before = LikeResult(liked: liked, likeCount: count)
        }
        let seconds = (try? row.column(4, as: Double.self)).flatMap { QueuedIntent.timeRange.contains($0) ? $0 : nil } ?? 0
        let attempts = (try? row.column(5, as: Int.self)).map { min(max(0, $0), Int(Int32.max)) } ?? 0
        let lastError = (try? row.column(6, as: String?.self)).flatMap { $0 }.map(QueuedIntent.printable)
        return QueuedIntent(
            post: PostID(post), wanted: wanted, before: before, queuedAt: Date(timeIntervalSinceReferenceDate: seconds),
            attempts: attempts, lastError: lastError, revision: revision)
    }
}
