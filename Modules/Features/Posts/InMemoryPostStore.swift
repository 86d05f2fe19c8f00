import FeedInterface
import LikesInterface
import PostStoreInterface

/// The post store: posts by ID with the heart overlay, in memory, by the rules of `PostTable`.
///
/// The host builds one per screen (each view model its own), or with `shared-post-store` one for
/// the whole process that every screen reads, so a heart changed on one screen changes on the
/// others at once and stays right while its like is unsettled. Screens hold the posts they show and
/// let go of them when they leave; a post nobody shows is forgotten (once its like settles), so the
/// store never only grows. Taps go through the app's one like use case, or its like queue when the
/// app has one (the intents kept with the heart before them, to roll back to after a restart).
@MainActor
public final class InMemoryPostStore: PostStore {
    private var table = PostTable()
    private var observers = PostStoreObservers()
    private let likePost: any LikePostUseCase
    private let queue: (any QueuedLikePostUseCase)?

    /// Creates an empty store over the app's one like use case and, with `persistent-like-queue`,
    /// its like queue (taps go there, handed over once it keeps them).
    public init(likePost: any LikePostUseCase, queue: (any QueuedLikePostUseCase)? = nil) {
        self.likePost = likePost
        self.queue = queue
    }

    /// How many posts are kept now (shown somewhere, or with a like in flight).
    public var postCount: Int { table.count }

    /// How many screens are listening.
    public var screenCount: Int { observers.count }

    public func stamp() -> PostStamp { table.stamp() }

    public func receive(_ posts: [Post], requestedAt stamp: PostStamp) -> [Post] {
        let before = posts.map { table.post($0.id) }
        let shown = table.receive(posts, requestedAt: stamp)
        // A page of one screen may bring news of a post another screen shows: tell them all.
        observers.notify(
            zip(before, shown).compactMap { old, new in
                guard let old, old.like != new.like || old.likeCount != new.likeCount else { return nil }
                return PostStoreChange(post: new, settled: nil, pending: table.isPending(new.id))
            })
        return shown
    }

    public func receiveLikes(_ liked: Set<PostID>, among ids: [PostID], requestedAt stamp: PostStamp) {
        let changed = table.receiveLikes(liked, among: ids, requestedAt: stamp)
        observers.notify(changed.map { PostStoreChange(post: $0, settled: nil, pending: table.isPending($0.id)) })
    }

    public func settled(_ posts: [Post], requestedAt stamp: PostStamp) -> [Post] {
        table.settled(posts, requestedAt: stamp)
    }

    public func post(_ id: PostID) -> Post? { table.post(id) }

    public func release(_ ids: [PostID]) { table.release(ids) }

    public func toggleLike(_ id: PostID) -> Task<LikeOutcome, Never>? {
        guard let tap = table.tap(id), let shown = table.post(id) else { return nil }
        observers.notify(PostStoreChange(post: shown, settled: nil, pending: table.isPending(id)))
        let (likePost, queue) = (likePost, queue)
        if queue != nil { table.handOver(tap) }
        return Task {
            // A queued use case keeps the heart before the taps with the intent, to roll back to.
            let outcome: LikeOutcome
            if let queue {
                outcome = await queue.setLiked(tap.wanted, post: id, before: tap.before) {
                    Task { @MainActor in self.table.recorded(tap) }
                }
                table.recorded(tap)
            } else {
                outcome = await likePost.setLiked(tap.wanted, post: id)
            }
            if let settled = table.settle(tap, outcome: outcome) {
                observers.notify(PostStoreChange(post: settled.post, settled: settled.settled, pending: table.isPending(id)))
            }
            return outcome
        }
    }

    public func waitUntilTapsRecorded() async {
        if table.allTapsRecorded { return }
        await withCheckedContinuation { table.whenTapsRecorded($0) }
    }

    public func isPending(_ id: PostID) -> Bool { table.isPending(id) }

    public var pendingCount: Int { table.pendingCount }

    public func apply(_ event: LikeQueueEvent) {
        guard let settled = table.settleQueued(event) else { return }
        observers.notify(PostStoreChange(post: settled.post, settled: settled.settled, pending: false))
    }

    public func restorePending(_ likes: [PendingLike]) { table.restorePending(likes) }

    public func heldPosts(limit: Int) -> [PostID] { table.heldPosts(limit: limit) }

    public func updateServerLikes(_ likes: [PostID: LikeResult]) {
        var changes: [PostStoreChange] = []
        changes.reserveCapacity(likes.count)
        for (id, result) in likes {
            guard let (shown, settled) = table.updateServerLike(id, to: result) else { continue }
            let pending = settled == nil && table.isPending(id)
            changes.append(PostStoreChange(id: id, like: LikeState(shown.liked), likeCount: shown.likeCount, settled: settled, pending: pending))
        }
        observers.notify(changes)
    }

    public func addObserver(_ onChange: @escaping @MainActor ([PostStoreChange]) -> Void) -> Int {
        observers.add(onChange)
    }

    public func removeObserver(_ token: Int) { observers.remove(token) }

    public func removeAll() { table.removeAll() }
}
