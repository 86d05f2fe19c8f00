/// The server's own truth about likes, read in-process.
protocol ServerTruth: Sendable {
    /// The like state of post `id`; nil when the server has no such post.
    func likeState(of id: String) -> LikeTruth?
}
