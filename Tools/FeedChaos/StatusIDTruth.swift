import FeedServer

/// The server's truth for a client of the Mastodon dialect: its rows are named by status id
/// (`"50"`), the server's likes by post id (`"p50"`).
struct StatusIDTruth: ServerTruth {
    let base: any ServerTruth
    let server: FeedServer

    func likeState(of id: String) -> LikeTruth? {
        server.postID(ofStatus: id).flatMap { base.likeState(of: $0) }
    }
}
