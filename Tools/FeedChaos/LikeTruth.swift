/// What the server holds for one post: the user's like and the count.
struct LikeTruth: Equatable, Sendable, CustomStringConvertible {
    var liked: Bool
    var count: Int

    var description: String { "\(liked ? "liked" : "notLiked"), \(count) likes" }
}
