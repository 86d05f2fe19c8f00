import FeedInterface
import LikesInterface
import Foundation
import LiveUpdatesInterface

/// Turns a message of `GET /v1/live` into a `LiveEvent`, range-checking every number; an unknown
/// event name is skipped (a newer server), a known one that does not decode is a problem.
enum LiveEventDecoder {
    private struct Likes: Decodable { let id: String; let likeCount: Int; let liked: Bool; let version: Int? }
    private struct NewPosts: Decodable { let newest: String; let count: Int?; let above: String? }
    private struct Flags: Decodable { let flags: [String: Bool] }
    private struct Reset: Decodable { let latest: Int }

    /// The largest count believed.
    static let maxCount = 1_000_000_000

    static func decode(event: String, data text: String) -> LiveDecoding {
        let data = Data(text.utf8)
        let decoder = JSONDecoder()
        switch event {
        case "likes":
            guard let likes = try? decoder.decode(Likes.self, from: data), isPostID(likes.id), (0...maxCount).contains(likes.likeCount),
                likes.version.map(LikeResult.versions.contains) ?? true
            else {
                return .malformed("a likes event that is not {\"id\",\"likeCount\",\"liked\",\"version\"} in range")
            }
            return .event(.likes(post: PostID(likes.id), likeCount: likes.likeCount, liked: likes.liked, version: likes.version))
        case "new-posts":
            guard let posts = try? decoder.decode(NewPosts.self, from: data), isPostID(posts.newest),
                  posts.count.map({ (0...maxCount).contains($0) }) ?? true, posts.above.map(isPostID) ?? true
            else { return .malformed("a new-posts event that is not {\"newest\",\"count\",\"above\"} in range") }
            return .event(.newPosts(newest: PostID(posts.newest), count: posts.count, above: posts.above.map { PostID($0) }))
        case "flags":
            guard let flags = try? decoder.decode(Flags.self, from: data), flags.flags.count <= 100 else {
                return .malformed("a flags event that is not {\"flags\":{…}} of at most 100 flags")
            }
            return .event(.flags(flags.flags))
        case "reset":
            guard let reset = try? decoder.decode(Reset.self, from: data), reset.latest >= 0 else {
                return .malformed("a reset event that is not {\"latest\": N}")
            }
            return .event(.reset(latest: reset.latest))
        default:
            return .skipped
        }
    }

    private static func isPostID(_ text: String) -> Bool { !text.isEmpty && text.utf8.count <= 128 }
}
