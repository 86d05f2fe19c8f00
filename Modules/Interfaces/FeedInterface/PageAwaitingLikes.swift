/// A page as soon as its posts answered, before its hearts: rows show after one round trip, hearts
/// "checking" until `likes` answers.
public struct PageAwaitingLikes: Sendable {
    /// Reads which of the page's posts the user likes; throws when that read failed.
    public typealias LikesRead = @Sendable () async throws -> Set<PostID>

    /// The posts, hearts `unknown` while `likes` is still to read.
    public let page: FeedPage
    /// The read of the page's hearts, started by whoever shows the rows; `nil` when the page's hearts are already in.
    public let likes: LikesRead?

    /// A page whose hearts come later from `likes` (`nil`: they are in `page`).
    public init(page: FeedPage, likes: LikesRead?) {
        self.page = page
        self.likes = likes
    }
}
