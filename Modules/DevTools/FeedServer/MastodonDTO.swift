import Foundation

/// The wire form of the Mastodon dialect: the server's own, shaped as a Mastodon 4.x server's.
enum MastodonDTO {
    struct Status: Encodable {
        let id: String
        let createdAt: String
        let content: String
        var spoilerText = ""
        var sensitive = false
        let visibility = "public"
        let repliesCount: Int
        let favouritesCount: Int
        /// The user's heart; left out of a status rendered for nobody (a public stream's).
        let favourited: Bool?
        let account: Account
        let mediaAttachments: [Attachment]
        let emojis: [String] = []

        enum CodingKeys: String, CodingKey {
            case id, content, sensitive, visibility, favourited, account, emojis
            case createdAt = "created_at", spoilerText = "spoiler_text", repliesCount = "replies_count"
            case favouritesCount = "favourites_count", mediaAttachments = "media_attachments"
        }
    }

    struct Account: Encodable {
        let id: String
        let username: String
        let acct: String
        let displayName: String

        enum CodingKeys: String, CodingKey {
            case id, username, acct
            case displayName = "display_name"
        }
    }

    struct Attachment: Encodable {
        let id: String
        let type = "image"
        let url: String
        let previewURL: String
        let meta: Meta
        let blurhash: String

        enum CodingKeys: String, CodingKey {
            case id, type, url, meta, blurhash
            case previewURL = "preview_url"
        }
    }

    struct Meta: Encodable {
        let original: Size
        let small: Size
    }

    struct Size: Encodable {
        let width: Int
        let height: Int
        let aspect: Double
    }

    struct Instance: Encodable {
        let uri: String
        let title: String
        let version: String
        let description: String
    }

    static func encode(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)) ?? Data("{}".utf8)
    }
}
