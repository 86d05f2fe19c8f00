import LikesInterface
import StoreInterface

/// The post store of one screen: a feed whose post store no follow-up shares. It lives and dies with
/// its view model; the like use case it sends through is the app's one.
@MainActor
public final class ScreenPostStore: PostTableStore {
    public var table = PostTable()
    public var observers = PostStoreObservers()
    public let likePost: any LikePostUseCase

    /// A store for one screen over the app's one like use case.
    public init(likePost: any LikePostUseCase) {
        self.likePost = likePost
    }
}
