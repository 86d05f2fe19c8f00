import LikesInterface
import StoreInterface

/// The app-scoped post store of `shared-post-store`: one for the whole process, read by every
/// screen, so a heart changed on one screen changes on the others at once and stays right while
/// its like is unsettled. Screens hold the posts they show and let go of them when they leave;
/// a post nobody shows is forgotten (once its like settles), so the store never only grows.
@MainActor
public final class SharedPostStore: PostTableStore {
    public var table = PostTable()
    public var observers = PostStoreObservers()
    public let likePost: any LikePostUseCase

    /// Creates the store over the app's one like use case.
    public init(likePost: any LikePostUseCase) {
        self.likePost = likePost
    }

    /// How many posts are kept now (shown somewhere, or with a like in flight).
    public var postCount: Int { table.count }

    /// How many screens are listening.
    public var screenCount: Int { observers.count }
}
