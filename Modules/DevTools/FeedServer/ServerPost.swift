/// One post of the server's data set, as the server stores it.
struct ServerPost: Sendable, Equatable {
    var id: String
    var authorID: String
    var authorName: String
    var caption: String
    /// The size of the original photo, in pixels (what `GET /v1/photos/{id}.jpg` serves without `w`).
    var width: Int
    var height: Int
    /// The like count before any request changed it.
    var initialLikeCount: Int
    /// Whether the demo user likes the post before any request changed it.
    var initiallyLiked: Bool
    /// How many comments the post has.
    var commentCount = 0
    /// How long before the server started the post was published, in seconds (0 for posts published while it runs).
    var ageSeconds = 0
}
