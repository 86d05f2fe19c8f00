import FeedInterface
import LikesInterface

/// A like use case that answers at once, so a benchmark times only the view model's side of a tap.
struct InstantLikePostUseCase: LikePostUseCase {
    func setLiked(_ liked: Bool, post: PostID) async -> LikeOutcome { .superseded }
}
