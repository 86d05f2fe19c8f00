import Foundation

/// The wire forms of the live routes.
extension FeedServerDTO {
    /// `GET /v1/posts/like-counts`.
    struct LikeCounts: Codable, Equatable {
        var likeCounts: [String: Int]
        /// Those of the posts the user likes.
        var liked: [String]
        /// The version of each post's likes (additive).
        var versions: [String: Int]
    }

    /// The data of a `likes` event.
    struct LiveLike: Codable, Equatable {
        var id: String
        var likeCount: Int
        /// Whether the user likes it.
        var liked: Bool
        /// The version of the post's likes this pair is (additive).
        var version: Int
    }

    /// The data of a `new-posts` event: the newest post, and how many are above `above`.
    struct LiveNewPosts: Codable, Equatable {
        var newest: String
        var count: Int?
        var above: String?
    }

    /// `value` as one line of JSON text.
    static func line(_ value: some Encodable) -> String {
        String(decoding: encode(value), as: UTF8.self)
    }
}
