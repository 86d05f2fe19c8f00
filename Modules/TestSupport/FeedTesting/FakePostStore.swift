import LikesInterface
import StoreInterface

/// A `PostStore` for tests: the table's real rules over a like use case the test controls, shared
/// by as many view models as a test builds.
@MainActor
public final class FakePostStore: PostTableStore {
    public var table = PostTable()
    public var observers = PostStoreObservers()
    public let likePost: any LikePostUseCase

    /// Creates the store over `likePost`.
    public init(likePost: any LikePostUseCase) {
        self.likePost = likePost
    }
}
