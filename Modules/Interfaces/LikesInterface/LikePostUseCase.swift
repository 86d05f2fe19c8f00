import FeedInterface

/// One user intent with a product rule: only the latest tap counts, and the heart never lies.
public protocol LikePostUseCase: Sendable {
    /// Sends the wanted state for `post`. Never throws and is not cancelled by the caller's
    /// task: the like still lands, the caller only stops waiting.
    func setLiked(_ liked: Bool, post: PostID) async -> LikeOutcome
}
