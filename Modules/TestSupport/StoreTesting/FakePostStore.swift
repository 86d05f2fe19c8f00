import FeedInterface
import LikesInterface
import PostStoreInterface

/// A `PostStore` for view model tests, without the real store's rules (those live in `Posts` and
/// are tested there): each post is kept as its latest page said while a screen holds it; a tap
/// shows the wanted heart at once, asks the like use case, and shows the server's reply, or the
/// heart from before the tap when none came. Observers hear every change of a shown heart or count.
@MainActor
public final class FakePostStore: PostStore {
    private var posts: [PostID: Post] = [:]
    private var holds: [PostID: Int] = [:]
    private var observers: [Int: @MainActor ([PostStoreChange]) -> Void] = [:]
    private var lastToken = 0
    private var lastStamp = 0
    private var pending: Set<PostID> = []
    private let likePost: any LikePostUseCase

    /// Creates the store over `likePost`.
    public init(likePost: any LikePostUseCase) {
        self.likePost = likePost
    }

    /// How many posts are held by some screen.
    public var count: Int { posts.count }

    /// How many observers listen.
    public var observerCount: Int { observers.count }

    public func stamp() -> PostStamp {
        lastStamp += 1
        return PostStamp(lastStamp)
    }

    public func receive(_ incoming: [Post], requestedAt stamp: PostStamp) -> [Post] {
        for post in incoming {
            let old = posts[post.id]
            posts[post.id] = post
            holds[post.id, default: 0] += 1
            if let old, old.like != post.like || old.likeCount != post.likeCount { notify(post, settled: nil) }
        }
        return incoming
    }

    public func receiveLikes(_ liked: Set<PostID>, among ids: [PostID], requestedAt stamp: PostStamp) {
        for id in ids {
            guard var post = posts[id] else { continue }
            let old = post
            post.like = LikeState(liked.contains(id))
            posts[id] = post
            if old.like != post.like { notify(post, settled: nil) }
        }
    }

    public func settled(_ posts: [Post], requestedAt stamp: PostStamp) -> [Post] { posts }

    public func post(_ id: PostID) -> Post? { posts[id] }

    public func release(_ ids: [PostID]) {
        for id in ids {
            guard let held = holds[id] else { continue }
            holds[id] = held > 1 ? held - 1 : nil
            if held == 1 { posts[id] = nil }
        }
    }

    public func toggleLike(_ id: PostID) -> Task<LikeOutcome, Never>? {
        guard let before = posts[id], let liked = before.like.isLiked else { return nil }
        var wanted = before
        wanted.like = LikeState(!liked)
        wanted.likeCount = max(0, before.likeCount + (liked ? -1 : 1))
        posts[id] = wanted
        notify(wanted, settled: nil)
        let likePost = likePost
        return Task {
            let outcome = await likePost.setLiked(!liked, post: id)
            settle(id, before: before, outcome: outcome)
            return outcome
        }
    }

    public func waitUntilTapsRecorded() async {}

    public func addObserver(_ onChange: @escaping @MainActor ([PostStoreChange]) -> Void) -> Int {
        lastToken += 1
        observers[lastToken] = onChange
        return lastToken
    }

    public func removeObserver(_ token: Int) { observers[token] = nil }

    public func removeAll() {
        posts.removeAll()
        holds.removeAll()
        pending.removeAll()
    }

    public func isPending(_ id: PostID) -> Bool { pending.contains(id) }

    public var pendingCount: Int { pending.count }

    public func apply(_ event: LikeQueueEvent) {}

    public func restorePending(_ likes: [PendingLike]) {}

    public func heldPosts(limit: Int) -> [PostID] { Array(holds.keys.prefix(max(0, limit))) }

    public func updateServerLikes(_ likes: [PostID: LikeResult]) {
        for (id, result) in likes {
            guard var post = posts[id], post.likeCount != result.likeCount || post.like.isLiked != result.liked else { continue }
            post.likeCount = result.likeCount
            post.like = LikeState(result.liked)
            posts[id] = post
            notify(post, settled: pending.contains(id) ? nil : result)
        }
    }

    /// Shows the outcome of a tap on `id` made over `before`, if a screen still holds the post.
    private func settle(_ id: PostID, before: Post, outcome: LikeOutcome) {
        guard var post = posts[id] else { return }
        var settled: LikeResult?
        switch outcome {
        case .superseded:
            return
        case .queued:
            pending.insert(id)
        case .saved(let result), .failed(serverState: .some(let result)):
            settled = result
        case .failed(serverState: nil):
            post.like = before.like
            post.likeCount = before.likeCount
        case .reread(let liked):
            settled = LikeResult(liked: liked, likeCount: post.like.isLiked == liked ? post.likeCount : before.likeCount)
        }
        if let settled {
            post.like = LikeState(settled.liked)
            post.likeCount = settled.likeCount
        }
        posts[id] = post
        notify(post, settled: settled)
    }

    private func notify(_ post: Post, settled: LikeResult?) {
        let change = PostStoreChange(post: post, settled: settled, pending: pending.contains(post.id))
        for observer in observers.values { observer([change]) }
    }
}
