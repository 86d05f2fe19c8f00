import FeedInterface
import LikesInterface

/// Combines a page of posts with which of them the user likes. Owns no source, never writes.
public struct CompositeFeedRepository: FeedRepository {
    private let posts: any PostsRepository
    private let likedPosts: any LikedPostsSource

    /// Creates the composite over a posts source and a likes read.
    public init(posts: any PostsRepository, likedPosts: any LikedPostsSource) {
        self.posts = posts
        self.likedPosts = likedPosts
    }

    public func posts(after cursor: Cursor?) async throws -> FeedPage {
        let page = try await posts.page(after: cursor)
        try Task.checkCancellation()
        guard !page.posts.isEmpty else { return page }
        let liked: Set<PostID>
        do {
            liked = try await likedPosts.likedIDs(among: page.posts.map(\.id))
        } catch {
            // A cancelled caller is not a failed likes read: say so instead of showing unknown hearts.
            try Task.checkCancellation()
            return page
        }
        let combined = page.posts.map { post in
            var post = post
            post.like = LikeState(liked.contains(post.id))
            return post
        }
        return FeedPage(posts: combined, next: page.next)
    }

    /// The page as soon as the posts answer, hearts `unknown`, with the likes read of its posts to make next.
    public func pageAwaitingLikes(after cursor: Cursor?) async throws -> PageAwaitingLikes {
        let page = try await posts.page(after: cursor)
        guard !page.posts.isEmpty else { return PageAwaitingLikes(page: page, likes: nil) }
        let (likedPosts, ids) = (likedPosts, page.posts.map(\.id))
        return PageAwaitingLikes(page: page) { try await likedPosts.likedIDs(among: ids) }
    }
}
