/// For testing feed-chaos itself (`--lying-server`): reports every like the other way round, as
/// a server that claims a state it does not hold. A run with it must report invariant 2.
struct LyingServerTruth: ServerTruth {
    let honest: any ServerTruth

    func likeState(of id: String) -> LikeTruth? {
        honest.likeState(of: id).map { LikeTruth(liked: !$0.liked, count: $0.liked ? max(0, $0.count - 1) : $0.count + 1) }
    }
}
