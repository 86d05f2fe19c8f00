/// The server's likes read (GET /v1/likes). Never leaves this module.
struct LikedIDsDTO: Decodable, Sendable {
    let liked: [String]
}

/// The body of a like write (PUT /v1/posts/{id}/like).
struct LikeRequestDTO: Encodable, Sendable {
    let liked: Bool
}

/// The server's reply to a like write.
struct LikeReplyDTO: Decodable, Sendable {
    let liked: Bool
    let likeCount: Int
    /// The version of the pair (additive; an older server sends none).
    let version: Int?
}
