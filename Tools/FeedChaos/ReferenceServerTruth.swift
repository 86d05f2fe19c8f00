import FeedServer

/// The truth of the reference server that the session runs.
struct ReferenceServerTruth: ServerTruth {
    let server: FeedServer

    func likeState(of id: String) -> LikeTruth? {
        server.likeState(of: id).map { LikeTruth(liked: $0.liked, count: $0.likeCount) }
    }
}
