import Foundation

/// A status as the Mastodon API sends it (`GET /api/v1/timelines/home`, a favourite's reply, a
/// streamed `update`): only the fields the feed reads; every one optional, so one odd field drops
/// one status, never the page.
struct MastodonStatusDTO: Decodable, Sendable {
    let id: String?
    let createdAt: String?
    let content: String?
    let spoilerText: String?
    let sensitive: Bool?
    let favouritesCount: Int?
    let repliesCount: Int?
    let favourited: Bool?
    let account: MastodonAccountDTO?
    let mediaAttachments: [MastodonAttachmentDTO]?
    /// The boosted status, when this one is a boost (a `reblog` is never itself a boost).
    let reblog: MastodonBoostedStatusDTO?
    let emojis: [MastodonEmojiDTO]?

    enum CodingKeys: String, CodingKey {
        case id, content, sensitive, favourited, account, reblog, emojis
        case createdAt = "created_at", spoilerText = "spoiler_text", favouritesCount = "favourites_count"
        case repliesCount = "replies_count", mediaAttachments = "media_attachments"
    }
}

/// A boosted status: the same fields (a class, so a status can hold one); the feed reads one level.
final class MastodonBoostedStatusDTO: Decodable, Sendable {
    let status: MastodonStatusDTO

    init(from decoder: any Decoder) throws {
        status = try MastodonStatusDTO(from: decoder)
    }
}

/// A status's author.
struct MastodonAccountDTO: Decodable, Sendable {
    let id: String?
    let acct: String?
    let displayName: String?

    enum CodingKeys: String, CodingKey {
        case id, acct
        case displayName = "display_name"
    }
}

/// One attachment: only `image` ones become a post's photo.
struct MastodonAttachmentDTO: Decodable, Sendable {
    let type: String?
    let url: String?
    let previewURL: String?
    let blurhash: String?
    let meta: Meta?

    /// The sizes of the original and of the preview (`small`).
    struct Meta: Decodable, Sendable {
        let original: Size?
        let small: Size?
    }

    /// A rendition's pixel size.
    struct Size: Decodable, Sendable {
        let width: Int?
        let height: Int?
    }

    enum CodingKeys: String, CodingKey {
        case type, url, blurhash, meta
        case previewURL = "preview_url"
    }
}

/// A custom emoji of a status (`:shortcode:` in its text).
struct MastodonEmojiDTO: Decodable, Sendable {
    let shortcode: String?
}
