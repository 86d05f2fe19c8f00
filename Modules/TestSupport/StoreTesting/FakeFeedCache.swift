import FeedInterface
import Foundation
import LikesInterface
import OfflinePagesInterface

/// A `FeedCache` in memory with the same rules as the real one: replace all, append while fewer
/// than `maxPages` pages are saved (and never to an empty cache), update one post in place. The
/// contract suite in OfflinePagesTests runs against both.
public actor FakeFeedCache: FeedCache {
    private var posts: [Post] = []
    private var next: Cursor?
    private var savedAt: Date?
    private var pages = 0
    private var anchor: FeedAnchor?
    private let maxPages: Int

    /// Every operation, in order: "replace", "append", "like p1,p2" (one write of hearts), "clear".
    public private(set) var operations: [String] = []

    /// Creates an empty cache that keeps at most `maxPages` pages.
    public init(maxPages: Int = 3) {
        self.maxPages = maxPages
    }

    /// Creates a cache already holding `saved` as one page.
    public init(saved: CachedFeed, maxPages: Int = 3) {
        self.maxPages = maxPages
        posts = saved.posts
        next = saved.next
        savedAt = saved.savedAt
        pages = 1
        anchor = saved.anchor
    }

    public func load() async throws -> CachedFeed? {
        guard let savedAt, !posts.isEmpty else { return nil }
        return CachedFeed(posts: posts, next: next, savedAt: savedAt, anchor: anchor)
    }

    public func replaceAll(with page: FeedPage, savedAt: Date) async throws {
        operations.append("replace")
        posts = []
        append(page.posts)
        next = page.next
        self.savedAt = savedAt
        pages = 1
    }

    public func append(_ page: FeedPage, savedAt: Date) async throws {
        operations.append("append")
        // Nothing saved: a later page never becomes the head of the feed.
        guard pages > 0, pages < maxPages else { return }
        append(page.posts)
        next = page.next
        self.savedAt = savedAt
        pages += 1
    }

    public func updateLikes(_ likes: [PostID: LikeResult]) async throws {
        let sorted = likes.sorted { $0.key.rawValue < $1.key.rawValue }
        operations.append("like " + sorted.map(\.key.rawValue).joined(separator: ","))
        for (post, result) in sorted {
            guard let index = posts.firstIndex(where: { $0.id == post }) else { continue }
            posts[index].like = LikeState(result.liked)
            posts[index].likeCount = result.likeCount
        }
    }

    public func updatePosts(_ updated: [Post], savedAt: Date) async throws {
        operations.append("update \(updated.count)")
        guard pages > 0 else { return }
        let byID = Dictionary(updated.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        for index in posts.indices {
            guard let new = byID[posts[index].id] else { continue }
            let old = posts[index]
            posts[index] = Post(id: old.id, author: old.author, caption: new.caption, image: old.image, likeCount: new.likeCount, like: new.like)
        }
        self.savedAt = savedAt
    }

    public func saveAnchor(_ anchor: FeedAnchor?) async throws {
        operations.append("anchor \(anchor.map { "\($0.post):\($0.lineOffset)" } ?? "top")")
        self.anchor = anchor
    }

    public func clear() async throws {
        operations.append("clear")
        anchor = nil
        posts = []
        next = nil
        savedAt = nil
        pages = 0
    }

    private func append(_ new: [Post]) {
        var seen = Set(posts.map(\.id))
        for post in new where seen.insert(post.id).inserted { posts.append(post) }
    }
}
