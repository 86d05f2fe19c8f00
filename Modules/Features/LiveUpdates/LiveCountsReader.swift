import FeedInterface
import LikesInterface
import Foundation
import Networking

/// Reads the like counts of given posts now (`GET /v1/posts/like-counts`), 100 at a time: what the
/// stream refetches after every (re)connect before it applies events.
struct LiveCountsReader: Sendable {
    let http: any HTTPClient

    private struct Answer: Decodable, Sendable {
        let likeCounts: [String: Int]
        let liked: [String]
        /// Additive: each post's version (an older server sends none).
        let versions: [String: Int]?
    }

    /// The hearts and counts of `ids` the server knows, range-checked; throws on the first failed read.
    func counts(of ids: [PostID]) async throws -> [PostID: ServerLikes] {
        var counts: [PostID: ServerLikes] = [:]
        var start = 0
        while start < ids.count {
            let chunk = ids[start..<min(ids.count, start + 100)]
            start += 100
            let request = HTTPRequest.get("/v1/posts/like-counts", query: [URLQueryItem(name: "postIds", value: chunk.map(\.rawValue).joined(separator: ","))])
            let answer = try await http.send(request, decoding: Answer.self)
            let liked = Set(answer.liked)
            for (id, count) in answer.likeCounts where (0...LiveEventDecoder.maxCount).contains(count) && chunk.contains(PostID(id)) {
                let version = answer.versions?[id].flatMap { LikeResult.versions.contains($0) ? $0 : nil }
                counts[PostID(id)] = ServerLikes(liked: liked.contains(id), likeCount: count, version: version)
            }
        }
        return counts
    }
}
