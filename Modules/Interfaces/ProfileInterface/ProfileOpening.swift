import FeedInterface

/// How a screen asks to show an author's profile, without knowing the profile feature: the host
/// gives the feed screen one when `shared-post-store` is on, and routes the request.
@MainActor
public protocol ProfileOpening: AnyObject {
    /// Shows the profile of `author`, reached from post `post`.
    func openProfile(of author: Author, from post: PostID)
}
