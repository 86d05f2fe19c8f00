import FeedInterface
import LikesInterface

/// A likes repository that sends nothing: `feed queue` reads the outbox without draining it.
struct NothingSent: LikesRepository {
    func setLiked(_ liked: Bool, post: PostID) async throws -> LikeResult {
        throw LikeError.notSent(reason: "feed queue only reads the outbox")
    }
}
