import Foundation

/// The server's own wire types (never the client's), so a drift in the contract shows up in tests.
enum FeedServerDTO {
    struct Author: Codable, Equatable {
        var id: String
        var name: String
    }

    struct Rendition: Codable, Equatable {
        var width: Int
        var url: String
    }

    struct Image: Codable, Equatable {
        var url: String
        var width: Int
        var height: Int
        /// The dominant colour, `#rrggbb`.
        var placeholder: String?
        /// The widths served, narrowest first.
        var renditions: [Rendition]?
    }

    struct Item: Codable, Equatable {
        var id: String
        var author: Author
        var caption: String
        var image: Image
        var likeCount: Int
        var commentCount: Int?
        /// RFC 3339 in UTC, e.g. `2026-12-01T09:30:00Z`.
        var createdAt: String?
    }

    /// `GET /v1/feed`; `nextCursor` is always present, `null` at the end.
    struct Page: Codable, Equatable {
        var items: [Item]
        var nextCursor: String?

        private enum CodingKeys: String, CodingKey {
            case items, nextCursor
        }

        init(items: [Item], nextCursor: String?) {
            self.items = items
            self.nextCursor = nextCursor
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            items = try container.decode([Item].self, forKey: .items)
            nextCursor = try container.decodeIfPresent(String.self, forKey: .nextCursor)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(items, forKey: .items)
            try container.encode(nextCursor, forKey: .nextCursor)
        }
    }

    /// `GET /v1/likes`.
    struct Likes: Codable, Equatable {
        var liked: [String]
    }

    /// The body of `PUT /v1/posts/{id}/like`.
    struct LikeRequest: Codable, Equatable {
        var liked: Bool
    }

    /// The reply to `PUT /v1/posts/{id}/like`.
    struct LikeReply: Codable, Equatable {
        var liked: Bool
        var likeCount: Int
        /// The version of the post's likes this pair is (additive: grows with every change).
        var version: Int
    }

    /// `GET /v1/feed/new-count`.
    struct NewCount: Codable, Equatable {
        var count: Int
    }

    /// `GET /v1/flags`.
    struct Flags: Codable, Equatable {
        var flags: [String: Bool]
    }

    /// Every error body: `{"error": "…"}`.
    struct ErrorBody: Codable, Equatable {
        var error: String
    }

    /// Encodes `value` with sorted keys and unescaped slashes.
    static func encode(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)) ?? Data(#"{"error":"the server could not encode its reply"}"#.utf8)
    }
}
