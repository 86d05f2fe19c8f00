import FeedServer

/// What the server holds for one post: the user's like and the count.
struct LikeTruth: Equatable, Sendable, CustomStringConvertible {
    var liked: Bool
    var count: Int

    var description: String { "\(liked ? "liked" : "notLiked"), \(count) likes" }
}

/// The server's own truth about likes, read in-process.
protocol ServerTruth: Sendable {
    /// The like state of post `id`; nil when the server has no such post.
    func likeState(of id: String) -> LikeTruth?
}

/// The truth of the reference server that the session runs.
struct ReferenceServerTruth: ServerTruth {
    let server: FeedServer

    func likeState(of id: String) -> LikeTruth? {
        server.likeState(of: id).map { LikeTruth(liked: $0.liked, count: $0.likeCount) }
    }
}

/// For testing feed-chaos itself (`--lying-server`): reports every like the other way round, as
/// a server that claims a state it does not hold. A run with it must report invariant 2.
struct LyingServerTruth: ServerTruth {
    let honest: any ServerTruth

    func likeState(of id: String) -> LikeTruth? {
        honest.likeState(of: id).map { LikeTruth(liked: !$0.liked, count: $0.liked ? max(0, $0.count - 1) : $0.count + 1) }
    }
}
