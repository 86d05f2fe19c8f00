import FeedInterface
import Foundation
import LikesInterface
import Paging
import PostStoreInterface
import OfflinePagesInterface

/// Writes to the saved feed one operation after another, in the order asked, on one long-lived
/// task. A failed write leaves what was saved before (the cache reports its own failures). Hearts
/// and counts asked for while the last queued write is one of them join it: a stream's flood of
/// counts costs one transaction a turn, not one per event.
@MainActor
final class FeedCacheWriter {
    /// A page to save, once its hearts are read: a later write waits for it, so writes keep their order.
    typealias SavedPage = Task<FeedPage, Never>

    /// One write.
    enum Operation: Sendable {
        case replaceAll(SavedPage)
        case append(SavedPage)
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

    /// What the queue carries: an operation, or the likes gathered in `likes` under a number.
    private enum Queued: Sendable {
        case operation(Operation)
        case likes(Int)
    }

    private let operations: AsyncStream<(Queued, Date)>.Continuation
    private let drained = IdleWaiters()
    /// Likes to write, by the number of their queued write; the newest may still take more.
    private var likes: [Int: [PostID: LikeResult]] = [:]
    /// The number of the likes write last in the queue and not yet started, if the last is one.
    private var openLikes: Int?
    private var lastLikes = 0

    private let now: @Sendable () -> Date

    /// A writer to `cache`, which holds `saved` from an earlier run; `now` stamps each save.
    init(cache: any FeedCache, saved: CachedFeed?, now: @escaping @Sendable () -> Date) {
        self.saved = saved
        self.savedAt = saved?.savedAt
        self.now = now
        let (stream, continuation) = AsyncStream.makeStream(of: (Queued, Date).self)
        operations = continuation
        Task { [weak self] in
            for await (queued, date) in stream {
                switch queued {
                case .operation(let operation): try? await Self.run(operation, at: date, on: cache)
                case .likes(let number):
                    guard let batch = self?.takeLikes(number) else { break }
                    try? await cache.updateLikes(batch)
                }
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
        case .anchor: break
        }
        openLikes = nil
        pending += 1
        operations.yield((.operation(operation), date))
    }

    /// Queues the server's heart and count of `post`: into the likes write last in the queue while
    /// it has not started, else as a new one after every write asked for before.
    func saveLike(_ post: PostID, _ result: LikeResult) {
        if let open = openLikes {
            likes[open, default: [:]][post] = result
            return
        }
        lastLikes += 1
        (openLikes, likes[lastLikes]) = (lastLikes, [post: result])
        pending += 1
        operations.yield((.likes(lastLikes), now()))
    }

    /// The likes of write `number`, which starts now: later likes go to a new write.
    private func takeLikes(_ number: Int) -> [PostID: LikeResult] {
        if openLikes == number { openLikes = nil }
        return likes.removeValue(forKey: number) ?? [:]
    }

    /// Saves the heart of a change: the server's when a like settled, the wanted one while it waits
    /// on this device (the queue stays the source of the intent); nothing while it is in flight.
    func save(_ change: PostStoreChange) {
        if let settled = change.settled {
            saveLike(change.id, settled)
        } else if change.pending, let liked = change.like.isLiked {
            saveLike(change.id, LikeResult(liked: liked, likeCount: change.likeCount))
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
        case .updatePosts(let posts): try await cache.updatePosts(await posts.value, savedAt: date)
        case .anchor(let anchor): try await cache.saveAnchor(anchor)
        case .clear: try await cache.clear()
        }
    }
}
