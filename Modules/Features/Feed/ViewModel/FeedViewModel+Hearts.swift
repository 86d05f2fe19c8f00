import FeedInterface
import Foundation
import PostStoreInterface

/// A page's hearts: the likes read its rows wait for, and the page saved once they are in.
extension FeedViewModel {
    /// Starts the likes read of a page's `kept` posts, if it still needs one (`nil` when not): their
    /// rows show "checking" until it answers, then the hearts it read (through the store), or `unknown`.
    func readHearts(of kept: [Post], with likes: PageAwaitingLikes.LikesRead?, stamp: PostStamp) -> Task<Set<PostID>?, Never>? {
        guard let likes, !kept.isEmpty else { return nil }
        let ids = kept.map(\.id)
        return hearts.start(ids, read: likes) { [weak self] liked, ended in
            guard let self else { return }
            if let liked { posts.receiveLikes(liked, among: ids, requestedAt: stamp) }
            for id in ended { list.update(id) { $0.stopChecking() } }
            notifyIfIdle()
        }
    }

    /// The page to save once its hearts are read (as they came when the read failed), with only settled likes laid over.
    func saved(_ kept: [Post], read: Task<Set<PostID>?, Never>?, next: Cursor?, stamp: PostStamp) -> Task<FeedPage, Never> {
        Task { [weak self] in
            let liked = await read?.value
            let read = liked.map { liked in
                kept.map { post in
                    var post = post
                    post.like = LikeState(liked.contains(post.id))
                    return post
                }
            } ?? kept
            return FeedPage(posts: self?.posts.settled(read, requestedAt: stamp) ?? read, next: next)
        }
    }
}
