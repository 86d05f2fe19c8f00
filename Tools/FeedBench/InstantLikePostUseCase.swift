import FeedInterface
import LikesInterface

/// A like use case whose server answers at once with the wanted state, so a benchmark times only
/// the screens' side of a tap.
struct InstantLikePostUseCase: LikePostUseCase {
    func setLiked(_ liked: Bool, post: PostID) async -> LikeOutcome { .saved(LikeResult(liked: liked, likeCount: liked ? 1 : 0)) }
}
