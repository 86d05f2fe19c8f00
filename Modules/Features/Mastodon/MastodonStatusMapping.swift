import FeedInterface
import Foundation
import ImageCodec
import SafeText

/// A status DTO as a `MastodonStatus`: nil when a field the feed needs is missing or out of
/// `PostLimits`. A status without an image attachment is a text post (no photo box).
enum MastodonStatusMapping {
    /// The status of `dto` (its boosted status for a boost).
    static func status(from dto: MastodonStatusDTO) -> MastodonStatus? {
        let shown = dto.reblog?.status ?? dto
        guard let id = shown.id, let account = shown.account, let authorID = account.id else { return nil }
        let attachment = shown.mediaAttachments?.first { $0.type == "image" }
        var photo: (url: URL, width: Int, height: Int, renditions: [ImageRendition])?
        if let attachment {
            // An image that cannot be shown (no address, no size) drops the status, never shows it without its photo.
            guard let found = image(of: attachment) else { return nil }
            photo = found
        }
        let name = account.displayName.flatMap { $0.isEmpty ? nil : $0 } ?? account.acct ?? authorID
        let hashText = attachment?.blurhash.flatMap(PostLimits.checked(blurHash:))
        let blurHash = hashText.flatMap(BlurHash.init)
        let imageRef = photo.map { image in
            ImageRef(
                url: image.url, width: image.width, height: image.height,
                placeholder: blurHash.map { PhotoColor(red: $0.averageColour.red, green: $0.averageColour.green, blue: $0.averageColour.blue) },
                renditions: image.renditions, blurHash: blurHash == nil ? nil : hashText)
        }
        let like: LikeState = switch shown.favourited {
        case true?: .liked
        case false?: .notLiked
        case nil: .unknown
        }
        // What the screen shows besides the post, each one clean line of bounded length.
        let booster = dto.reblog == nil ? nil : dto.account.flatMap { $0.displayName.flatMap { $0.isEmpty ? nil : $0 } ?? $0.acct }
        let warning = shown.spoilerText.flatMap { $0.isEmpty ? nil : $0 }
        let notes = PostNotes(
            boostedBy: booster.map { SafeText.line($0, limit: PostLimits.nameCharacters) },
            contentWarning: warning.map { SafeText.line($0, limit: PostLimits.noteCharacters) },
            sensitive: imageRef != nil && shown.sensitive == true)
        let post = Post(
            id: PostID(id), author: Author(id: authorID, name: name), caption: MastodonHTML.plainText(shown.content ?? ""),
            image: imageRef, likeCount: max(0, shown.favouritesCount ?? 0), like: like,
            commentCount: shown.repliesCount.flatMap { $0 >= 0 ? $0 : nil }, createdAt: shown.createdAt.flatMap(date(iso8601:)),
            notes: notes)
        guard let checked = PostLimits.checked(post) else { return nil }
        return MastodonStatus(
            post: checked, entryID: dto.id.flatMap { PostLimits.idBytes.contains($0.utf8.count) ? $0 : nil } ?? id,
            handle: "@" + SafeText.line(account.acct ?? authorID, limit: 100))
    }

    /// The photo of an image attachment: its address and size (the original's, else the
    /// preview's), and its two renditions; nil without an http(s) address or a size.
    private static func image(of attachment: MastodonAttachmentDTO) -> (url: URL, width: Int, height: Int, renditions: [ImageRendition])? {
        guard let url = attachment.url.flatMap(URL.init(string:)), PostLimits.isPhotoAddress(url),
            let size = attachment.meta?.original ?? attachment.meta?.small,
            let width = size.width, let height = size.height
        else { return nil }
        var renditions = [ImageRendition(width: width, url: url)]
        if let preview = attachment.previewURL.flatMap(URL.init(string:)), PostLimits.isPhotoAddress(preview),
            let small = attachment.meta?.small?.width, small > 0, small < width
        {
            renditions.insert(ImageRendition(width: small, url: preview), at: 0)
        }
        return (url, width, height, PostLimits.checked(renditions))
    }

    /// The time of an RFC 3339 text such as `2026-10-14T19:06:41.274Z`, or nil.
    static func date(iso8601 text: String) -> Date? {
        guard text.utf8.count <= 40 else { return nil }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle())
    }
}
