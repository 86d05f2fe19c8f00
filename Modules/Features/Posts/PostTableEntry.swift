import FeedInterface
import LikesInterface
import PostStoreInterface

/// One post a `PostTable` keeps, all it needs in one place (a stream's event looks it up once).
struct PostTableEntry: Sendable {
    /// The post as the server last said.
    var post: Post
    /// How many screens hold it.
    var holds = 0
    /// The stamp of the request that last told its heart: an older likes read never undoes it.
    var heartStamp: PostStamp?
    /// The like that last settled on it: a page requested before shows it.
    var settled: SettledLike?
    /// The newest version of its likes the server told (a reply, a push, a read): a pair with
    /// a lower one is older and never laid over it.
    var version: Int?

    /// Takes `version` in when it is newer than the one known.
    mutating func saw(_ version: Int?) {
        guard let version else { return }
        self.version = max(version, self.version ?? version)
    }

    /// Takes the server's pushed pair, told at `stamp` (settled then, when no like is
    /// unsettled); `nil` when no screen holds the post, else the pair it had (if its heart was known).
    mutating func push(_ result: LikeResult, at stamp: PostStamp, settles: Bool) -> LikeResult?? {
        guard holds > 0 else { return nil }
        saw(result.version)
        let old = post.like.isLiked.map { LikeResult(liked: $0, likeCount: post.likeCount) }
        post.likeCount = result.likeCount
        post.like = LikeState(result.liked)
        heartStamp = stamp
        if settles { settled = SettledLike(stamp: stamp, result: result) }
        return .some(old)
    }
}
