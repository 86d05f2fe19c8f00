import FeedInterface
import LikesInterface
import StoreInterface

/// The post store of one screen: today's feed without `shared-post-store`. It lives and dies with
/// its view model; the like use case it sends through is the app's one.
@MainActor
final class ScreenPostStore: PostStore {
    private var table = PostTable()
    private let likePost: any LikePostUseCase
    private var observers: [Int: @MainActor (PostStoreChange) -> Void] = [:]
    private var nextObserver = 0

    init(likePost: any LikePostUseCase) {
        self.likePost = likePost
    }

    func stamp() -> PostStamp { table.stamp() }

    func receive(_ posts: [Post], requestedAt stamp: PostStamp) -> [Post] {
        table.receive(posts, requestedAt: stamp)
    }

    func settled(_ posts: [Post], requestedAt stamp: PostStamp) -> [Post] {
        table.settled(posts, requestedAt: stamp)
    }

    func post(_ id: PostID) -> Post? { table.post(id) }

    func release(_ ids: [PostID]) { table.release(ids) }

    func toggleLike(_ id: PostID) -> Task<LikeOutcome, Never>? {
        guard let tap = table.tap(id), let shown = table.post(id) else { return nil }
        notify(PostStoreChange(post: shown, settled: nil))
        let likePost = likePost
        return Task {
            let outcome = await likePost.setLiked(tap.wanted, post: id)
            if let settled = table.settle(tap, outcome: outcome) {
                notify(PostStoreChange(post: settled.post, settled: settled.settled))
            }
            return outcome
        }
    }

    func addObserver(_ onChange: @escaping @MainActor (PostStoreChange) -> Void) -> Int {
        nextObserver += 1
        observers[nextObserver] = onChange
        return nextObserver
    }

    func removeObserver(_ token: Int) { observers[token] = nil }

    func removeAll() { table.removeAll() }

    private func notify(_ change: PostStoreChange) {
        for observer in observers.values { observer(change) }
    }
}
