import FeedInterface
import Foundation
import LikesInterface
import Paging
import StoreInterface

/// Writes to the saved feed one operation after another, in the order asked, on one long-lived
/// task. A failed write leaves what was saved before (the cache reports its own failures).
@MainActor
final class FeedCacheWriter {
    /// A page to save, once its hearts are read: a later write waits for it, so writes keep their order.
    typealias SavedPage = Task<FeedPage, Never>

    /// One write.
    enum Operation: Sendable {
        case replaceAll(SavedPage)
        case append(SavedPage)
        case updateLike(PostID, LikeResult)
        /// A revalidation taken in place: the posts' data, and the feed counts as saved now.
        case updatePosts(Task<[Post], Never>)
        /// The reader's place (`nil`: the top).
        case anchor(FeedAnchor?)
        case clear
    }

    /// When the feed was last saved (asked for), or `nil` before anything was.
    private(set) var savedAt: Date?
    /// The feed an earlier run saved, to show first; forgotten once cleared.
    private(set) var saved: CachedFeed?
    /// Writes asked for and not yet finished.
    private(set) var pending = 0
    /// Called each time the last pending write finishes.
    var onDrained: () -> Void = {}

    private let operations: AsyncStream<(Operation, Date)>.Continuation
    private let drained = IdleWaiters()

    private let now: @Sendable () -> Date

    /// A writer to `cache`, which holds `saved` from an earlier run; `now` stamps each save.
    init(cache: any FeedCache, saved: CachedFeed?, now: @escaping @Sendable () -> Date) {
        self.saved = saved
        self.savedAt = saved?.savedAt
        self.now = now
        let (stream, continuation) = AsyncStream.makeStream(of: (Operation, Date).self)
        operations = continuation
        Task { [weak self] in
            for await (operation, date) in stream {
                try? await Self.run(operation, at: date, on: cache)
                self?.finished()
            }
        }
    }

    deinit {
        operations.finish()
    }

    /// Queues `operation` after every write asked for before it.
    func enqueue(_ operation: Operation) {
        let date = now()
        switch operation {
        case .replaceAll, .append, .updatePosts: savedAt = date
        case .clear: (savedAt, saved) = (nil, nil)
        case .updateLike, .anchor: break
        }
        pending += 1
        operations.yield((operation, date))
    }

    /// Saves the heart of a change: the server's when a like settled, the wanted one while it waits
    /// on this device (the queue stays the source of the intent); nothing while it is in flight.
    func save(_ change: PostStoreChange) {
        if let settled = change.settled {
            enqueue(.updateLike(change.post.id, settled))
        } else if change.pending, let liked = change.post.like.isLiked {
            enqueue(.updateLike(change.post.id, LikeResult(liked: liked, likeCount: change.post.likeCount)))
        }
    }

    /// Waits until every write asked for so far has finished.
    func waitUntilDrained() async {
        while pending > 0 {
            _ = await drained.wait(timeout: .seconds(30))
        }
    }

    private func finished() {
        pending -= 1
        guard pending == 0 else { return }
        drained.resumeAll()
        onDrained()
    }

    private static func run(_ operation: Operation, at date: Date, on cache: any FeedCache) async throws {
        switch operation {
        case .replaceAll(let page): try await cache.replaceAll(with: await page.value, savedAt: date)
        case .append(let page): try await cache.append(await page.value, savedAt: date)
        case .updateLike(let post, let result): try await cache.updateLike(post: post, liked: result.liked, likeCount: result.likeCount)
        case .updatePosts(let posts): try await cache.updatePosts(await posts.value, savedAt: date)
        case .anchor(let anchor): try await cache.saveAnchor(anchor)
        case .clear: try await cache.clear()
        }
    }
}
