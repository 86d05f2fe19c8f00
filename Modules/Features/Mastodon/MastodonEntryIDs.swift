import FeedInterface
import Synchronization

/// The timeline entry each post was shown as, for the app's Mastodon repositories to share: a
/// boost's post is the boosted (older) status, but "newer than the first row" means newer than
/// the boost. The latest `capacity` posts are kept.
public final class MastodonEntryIDs: Sendable {
    private struct Table {
        var entries: [PostID: String] = [:]
        var order: [PostID] = []
    }

    /// How many posts are remembered.
    public static let capacity = 2_000

    private let table = Mutex(Table())

    /// An empty table.
    public init() {}

    /// Notes that `status`'s post was shown as its timeline entry.
    func record(_ status: MastodonStatus) {
        table.withLock { table in
            if table.entries.updateValue(status.entryID, forKey: status.post.id) == nil { table.order.append(status.post.id) }
            if table.order.count > Self.capacity {
                let gone = table.order.prefix(table.order.count - Self.capacity)
                for post in gone { table.entries[post] = nil }
                table.order.removeFirst(gone.count)
            }
        }
    }

    /// The timeline entry `post` was last shown as, else the post's own id.
    func entry(of post: PostID) -> String {
        table.withLock { $0.entries[post] } ?? post.rawValue
    }
}
