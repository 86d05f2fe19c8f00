import Foundation

/// One post of the feed: the model every screen shares; the screen never sees a DTO.
public struct Post: Identifiable, Hashable, Sendable {
    /// The post's identifier.
    public let id: PostID
    /// Who posted it.
    public let author: Author
    /// The caption under the photo; may be empty.
    public let caption: String
    /// The photo's address and size; `nil` for a text post (a status without an image).
    public let image: ImageRef?
    /// How many people like the post, as the server last said.
    public var likeCount: Int
    /// Whether the current user likes it.
    public var like: LikeState
    /// How many comments the post has, when the server said.
    public let commentCount: Int?
    /// When the post was published, when the server said.
    public let createdAt: Date?
    /// A boost, a content warning, a sensitive photo (`.none` for the feed API's posts).
    public let notes: PostNotes

    /// Creates a post.
    public init(
        id: PostID, author: Author, caption: String, image: ImageRef?, likeCount: Int, like: LikeState,
        commentCount: Int? = nil, createdAt: Date? = nil, notes: PostNotes = .none
    ) {
        self.id = id
        self.author = author
        self.caption = caption
        self.image = image
        self.likeCount = likeCount
        self.like = like
        self.commentCount = commentCount
        self.createdAt = createdAt
        self.notes = notes
    }
}
