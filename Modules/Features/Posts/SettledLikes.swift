import FeedInterface
import LikesInterface
import PostStoreInterface

/// A like that settled, with the stamp current then: a page requested before shows it.
struct SettledLike: Sendable {
    /// The stamp current when it settled.
    var stamp: PostStamp
    /// What the server holds since.
    var result: LikeResult
}

/// The settled likes of posts no longer kept, for pages requested before that still come; at most
/// `limit`, the first kept going first (a page in flight since a thousand likes ago is long gone).
struct SettledLikes: Sendable {
    private var likes: [PostID: SettledLike] = [:]
    /// Keeping order, with the stamp each was kept with (a later one for the same post replaces it).
    private var order: [(id: PostID, stamp: PostStamp)] = []
    private var head = 0
    private let limit: Int

    /// An empty set of at most `limit` likes.
    init(limit: Int = 1_024) { self.limit = max(1, limit) }

    /// How many are kept.
    var count: Int { likes.count }

    /// The settled like of `id`, if kept.
    subscript(id: PostID) -> SettledLike? { likes[id] }

    /// Keeps `like` for `id`, replacing one before; the first kept goes when there are too many.
    mutating func keep(_ like: SettledLike, for id: PostID) {
        // A record with this stamp is in the order already (it goes when it comes up).
        if likes.updateValue(like, forKey: id)?.stamp != like.stamp { order.append((id, like.stamp)) }
        while likes.count > limit, head < order.count {
            let first = order[head]
            head += 1
            if likes[first.id]?.stamp == first.stamp { likes[first.id] = nil }
        }
        // Replaced records stay until they come up: past twice the limit, only the current stay,
        // the last one per post kept (a post taken and kept again with the same stamp has two).
        if order.count - head > 2 * limit {
            var seen = Set<PostID>()
            order = Array(order[head...].reversed().filter { likes[$0.id]?.stamp == $0.stamp && seen.insert($0.id).inserted }.reversed())
            head = 0
        } else if head > limit {
            order.removeFirst(head)
            head = 0
        }
    }

    /// Takes the settled like of `id` out, if kept.
    mutating func take(_ id: PostID) -> SettledLike? { likes.removeValue(forKey: id) }

    /// Forgets the like of `id`.
    mutating func remove(_ id: PostID) { likes[id] = nil }

    /// Forgets them all.
    mutating func removeAll() {
        likes.removeAll()
        order.removeAll()
        head = 0
    }
}
