import Feed
import FeedInterface
import Likes
import LikesInterface
import Networking

/// The composition root: builds each module with constructor injection. A follow-up's factory
/// runs only when its flag is on.
@MainActor
enum FeedComposition {
    /// The feed screen's view model over the session's server.
    static func makeFeedViewModel(session: FeedSession) -> FeedViewModel {
        let posts = RemotePostsRepository(http: session.http)
        let likes = RemoteLikesRepository(http: session.http)
        let feed = CompositeFeedRepository(posts: posts, likedPosts: likes)
        // App-scoped: one use case for the whole process, so every caller shares its per-post table.
        let likePost = SerialLikePostUseCase(likes: likes)
        return FeedViewModel(feed: feed, likePost: likePost)
    }
}
