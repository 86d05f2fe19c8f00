import LikesInterface
import StoreInterface

/// The post store of one screen: today's feed without `shared-post-store`. It lives and dies with
/// its view model; the like use case it sends through is the app's one.
@MainActor
final class ScreenPostStore: PostTableStore {
    var table = PostTable()
    var observers = PostStoreObservers()
    let likePost: any LikePostUseCase

    init(likePost: any LikePostUseCase) {
        self.likePost = likePost
    }
}
