import Foundation

/// One row of the feed, with everything preformatted so drawing decides nothing.
public struct PostRow: Hashable, Identifiable, Sendable {
    /// The post's identifier.
    public let id: PostID
    /// The author's name.
    public let author: String
    /// The author's identifier, to open their profile.
    public let authorID: String
    /// The caption; may be empty.
    public let caption: String
    /// The photo's address; `nil` for a text post, whose row has no photo box.
    public let imageURL: URL?
    /// Width ÷ height, so the row has its size before the photo.
    public let aspectRatio: Double
    /// The photo's pixel size as the server gave it.
    public let imageWidth: Int
    /// The photo's pixel height as the server gave it.
    public let imageHeight: Int
    /// The photo's dominant colour, when the server sent one.
    public let placeholder: PhotoColor?
    /// The widths the server offers the photo at, narrowest first (may be empty).
    public let renditions: [ImageRendition]
    /// The photo's BlurHash, drawn in its box before the photo (and instead of a hidden one).
    public let blurHash: String?
    /// Who boosted the post into this feed ("boosted by NAME" on the author line).
    public let boostedBy: String?
    /// The content warning that hides the caption and photo until revealed.
    public let contentWarning: String?
    /// Whether the photo is sensitive: only its placeholder shows until revealed.
    public let sensitive: Bool
    /// The comment count as text, e.g. "12 comments"; `nil` when the server did not say.
    public let comments: String?
    /// When the post was published; `nil` when the server did not say (the age is drawn from it).
    public let createdAt: Date?
    /// The like count shown, e.g. 412.
    public private(set) var likeCount: Int
    /// The like count as text, e.g. "412 likes".
    public private(set) var likes: String
    /// The heart.
    public private(set) var heart: HeartState
    /// The like is saved on this device and not yet on the server (`persistent-like-queue`).
    public private(set) var pending = false

    /// The row of `post` as it is now; `pending` when its like waits on this device.
    public init(post: Post, pending: Bool) {
        self.init(post: post)
        self.pending = pending
    }

    /// The row of `post` as it is now.
    public init(post: Post) {
        id = post.id
        author = post.author.name
        authorID = post.author.id
        caption = post.caption
        imageURL = post.image?.url
        aspectRatio = post.image?.aspectRatio ?? 1
        imageWidth = post.image?.width ?? 0
        imageHeight = post.image?.height ?? 0
        placeholder = post.image?.placeholder
        renditions = post.image?.renditions ?? []
        blurHash = post.image?.blurHash
        boostedBy = post.notes.boostedBy
        contentWarning = post.notes.contentWarning
        sensitive = post.notes.sensitive
        comments = post.commentCount.map(CommentsText.format)
        createdAt = post.createdAt
        likeCount = post.likeCount
        likes = LikesText.format(post.likeCount)
        heart = post.like.isLiked.map(HeartState.init) ?? .unknown
    }

    /// Shows the heart and count of `post` as the post store now has them, and whether its like
    /// waits; a checking heart stays checking until the post's heart is known.
    public mutating func show(_ post: Post, pending: Bool = false) { show(like: post.like, likeCount: post.likeCount, pending: pending) }

    /// Shows the heart `like` and `likeCount` (a post store's change).
    public mutating func show(like: LikeState, likeCount: Int, pending: Bool = false) {
        self.pending = pending
        show(heart: like.isLiked.map(HeartState.init) ?? (heart == .checking ? .checking : .unknown), likeCount: likeCount)
    }

    /// Whether the row shows `post`'s text and notes as they are (else it is built anew, e.g.
    /// after an edit added a content warning).
    public func showsContent(of post: Post) -> Bool {
        caption == post.caption && contentWarning == post.notes.contentWarning && sensitive == post.notes.sensitive
            && boostedBy == post.notes.boostedBy && blurHash == post.image?.blurHash && hasPhoto == (post.image != nil)
    }

    /// Whether the row has a photo (a text post has none).
    public var hasPhoto: Bool { imageURL != nil }

    /// Whether something waits for the reader to reveal it (a content warning or a sensitive photo).
    public var hidesContent: Bool { contentWarning != nil || sensitive }

    /// This row with a heart nobody knows yet shown as checking: its likes read is under way.
    public var checkingUnknown: PostRow {
        guard heart == .unknown else { return self }
        var row = self
        row.heart = .checking
        return row
    }

    /// A heart still checking ends unknown: the likes read it waited for is over without telling it.
    public mutating func stopChecking() {
        if heart == .checking { heart = .unknown }
    }

    /// Sets the heart and count together, formatting the text once.
    public mutating func show(heart: HeartState, likeCount: Int) {
        self.heart = heart
        if likeCount != self.likeCount {
            self.likeCount = likeCount
            likes = LikesText.format(likeCount)
        }
    }
}
