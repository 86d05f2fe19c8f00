import FeedInterface

/// Posts the live stream said were deleted on the server, as a filter of the post pipeline: a
/// deleted post leaves every screen, above or below the reader, but never from under the reader —
/// one on screen when its deletion comes waits (marked) until the reader moves on.
@MainActor
final class DeletedPosts: PostFilter {
    /// The most deletions remembered; past it the oldest is forgotten (long gone from the screens).
    static let capacity = 10_000

    /// Whether the filter hides posts; off once the server switched the follow-up off.
    var isApplied = true
    private var deleted: Set<PostID> = []
    private var order: [PostID] = []
    /// Deleted, but under the reader when heard: kept until they leave the screen.
    private(set) var waiting: Set<PostID> = []

    func keeps(_ post: Post) -> Bool { !isApplied || !deleted.contains(post.id) || waiting.contains(post.id) }

    /// Whether `id` was deleted on the server.
    func contains(_ id: PostID) -> Bool { deleted.contains(id) }

    /// Takes in deletions; those in `onScreen` wait. Returns whether any was new.
    func add(_ ids: [PostID], onScreen: Set<PostID>) -> Bool {
        var changed = false
        for id in ids where deleted.insert(id).inserted {
            changed = true
            order.append(id)
            if onScreen.contains(id) { waiting.insert(id) }
        }
        if order.count > Self.capacity {
            let forgotten = order.prefix(order.count - Self.capacity)
            for id in forgotten {
                deleted.remove(id)
                waiting.remove(id)
            }
            order.removeFirst(forgotten.count)
        }
        return changed
    }

    /// Lets go of the waiting posts no longer in `onScreen`; returns whether any did.
    func release(notIn onScreen: Set<PostID>) -> Bool {
        let gone = waiting.subtracting(onScreen)
        waiting.subtract(gone)
        return !gone.isEmpty
    }
}
