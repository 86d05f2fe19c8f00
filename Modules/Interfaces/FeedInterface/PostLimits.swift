import Foundation

/// The documented ranges of a post's fields, checked wherever a post comes from outside the
/// process (the network, a file): a post out of range is dropped, text is cut to a sane length.
public enum PostLimits {
    /// A photo's width and height in pixels.
    public static let pixels = 1...100_000
    /// A like count.
    public static let likeCount = 0...1_000_000_000_000
    /// An ID's length in UTF-8 bytes (post, author, cursor IDs alike).
    public static let idBytes = 1...256
    /// A cursor's length in UTF-8 bytes; a longer one ends the feed.
    public static let cursorBytes = 1...4_096
    /// The characters of a caption kept; the rest is cut and marked with an ellipsis.
    public static let captionCharacters = 2_200
    /// The characters of an author's name kept.
    public static let nameCharacters = 100
    /// A photo address's length in UTF-8 bytes.
    public static let urlBytes = 1...4_096
    /// The most posts one page may carry; more are dropped.
    public static let postsPerPage = 200
    /// A comment count; one outside is ignored (the row shows none), the post kept.
    public static let commentCount = 0...1_000_000_000_000
    /// When a post may have been published; a time outside is ignored, the post kept.
    public static let createdAt = Date(timeIntervalSince1970: 946_684_800)...Date(timeIntervalSince1970: 4_102_444_800)
    /// The most renditions of one photo kept (narrowest first); more are ignored.
    public static let renditions = 16

    /// The characters of a content warning or a booster's name kept.
    public static let noteCharacters = 500
    /// A BlurHash's length in UTF-8 bytes (4×3 components take 28; 9×9, the most, 166).
    public static let blurHashBytes = 6...166

    /// `post` with its text cut to length, or `nil` when a number, ID or address is out of range.
    public static func checked(_ post: Post) -> Post? {
        guard idBytes.contains(post.id.rawValue.utf8.count), idBytes.contains(post.author.id.utf8.count),
            likeCount.contains(post.likeCount)
        else { return nil }
        var image: ImageRef?
        if let photo = post.image {
            guard pixels.contains(photo.width), pixels.contains(photo.height), isPhotoAddress(photo.url) else { return nil }
            let renditions = checked(photo.renditions)
            let blurHash = photo.blurHash.flatMap(checked(blurHash:))
            image = renditions == photo.renditions && blurHash == photo.blurHash ? photo : ImageRef(
                url: photo.url, width: photo.width, height: photo.height, placeholder: photo.placeholder, renditions: renditions,
                blurHash: blurHash)
        }
        let caption = cut(post.caption, to: captionCharacters)
        let name = cut(post.author.name, to: nameCharacters)
        let comments = post.commentCount.flatMap { commentCount.contains($0) ? $0 : nil }
        let created = post.createdAt.flatMap { createdAt.contains($0) ? $0 : nil }
        let notes = PostNotes(
            boostedBy: post.notes.boostedBy.map { cut($0, to: nameCharacters) },
            contentWarning: post.notes.contentWarning.map { cut($0, to: noteCharacters) },
            // Only a photo can be sensitive: a text post's mark would offer a reveal that shows nothing.
            sensitive: image != nil && post.notes.sensitive)
        guard caption != post.caption || name != post.author.name || comments != post.commentCount
            || created != post.createdAt || image != post.image || notes != post.notes
        else { return post }
        return Post(
            id: post.id, author: Author(id: post.author.id, name: name), caption: caption, image: image,
            likeCount: post.likeCount, like: post.like, commentCount: comments, createdAt: created, notes: notes)
    }

    /// `text` when it can be a BlurHash (the length of one, in its 83 characters), else `nil`.
    public static func checked(blurHash text: String) -> String? {
        let alphabet = Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~".utf8)
        guard blurHashBytes.contains(text.utf8.count), text.utf8.allSatisfy(alphabet.contains) else { return nil }
        return text
    }

    /// The renditions worth keeping: widths in range and photo addresses only, one per width,
    /// narrowest first, at most `renditions` of them.
    public static func checked(_ renditions: [ImageRendition]) -> [ImageRendition] {
        var byWidth: [Int: ImageRendition] = [:]
        for rendition in renditions.prefix(4 * self.renditions)
        where pixels.contains(rendition.width) && isPhotoAddress(rendition.url) && byWidth[rendition.width] == nil {
            byWidth[rendition.width] = rendition
        }
        return Array(byWidth.values.sorted { $0.width < $1.width }.prefix(self.renditions))
    }

    /// `cursor` if it can be sent back, else `nil` (the feed ends there).
    public static func checked(_ cursor: Cursor) -> Cursor? {
        cursorBytes.contains(cursor.rawValue.utf8.count) ? cursor : nil
    }

    /// Whether `url` is an absolute http(s) address of sane length.
    public static func isPhotoAddress(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return url.host?.isEmpty == false && urlBytes.contains(url.absoluteString.utf8.count)
    }

    /// `text` cut to `limit` characters with an ellipsis; reads no further than it keeps.
    static func cut(_ text: String, to limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex) ?? text.endIndex
        return end == text.endIndex ? text : String(text[..<end]) + "…"
    }
}
