import LikesInterface
import StoreInterface

/// The smallest `PostTableStore`.
@MainActor final class TableStore: PostTableStore {
    var table = PostTable()
    var observers = PostStoreObservers()
    let likePost: any LikePostUseCase
    init(likePost: any LikePostUseCase) { self.likePost = likePost }
}
