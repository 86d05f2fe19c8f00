import FeedInterface
import Foundation
import LikesInterface

/// The saved copy of the first pages of the feed, shown first and then revalidated.
public protocol FeedCache: Sendable {
    /// The saved feed, or `nil` when nothing is saved.
    func load() async throws -> CachedFeed?
    /// Replaces everything saved with `page` in one transaction: the whole old feed or the whole new one.
    func replaceAll(with page: FeedPage, savedAt: Date) async throws
    /// Appends a later page while fewer than the cap of pages are saved; IDs already saved are skipped.
    func append(_ page: FeedPage, savedAt: Date) async throws
    /// Records the server's like state and count of each saved post among `likes` in one
    /// transaction; no post moves and none is added.
    func updateLikes(_ likes: [PostID: LikeResult]) async throws
    /// Records the data of the saved posts among `posts` (caption, count, heart) and marks the feed
    /// saved at `savedAt` (revalidated in place); no post moves and none is added.
    func updatePosts(_ posts: [Post], savedAt: Date) async throws
    /// Saves where the reader is (`nil`: at the top), beside the saved pages.
    func saveAnchor(_ anchor: FeedAnchor?) async throws
    /// Deletes everything saved.
    func clear() async throws
}
