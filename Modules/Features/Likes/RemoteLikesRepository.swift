import FeedInterface
import Foundation
import LikesInterface
import Networking

/// Reads which posts are liked (GET /v1/likes) and saves one like (PUT /v1/posts/{id}/like).
/// One class, two small promises: the use case can't read likes, the composite can't write them.
public struct RemoteLikesRepository: LikesRepository, LikedPostsSource {
    /// The most IDs one likes read asks about; longer lists are split.
    public static let maxIDsPerRequest = 100

    private let http: any HTTPClient

    /// Creates the repository over an HTTP client.
    public init(http: any HTTPClient) {
        self.http = http
    }

    public func likedIDs(among posts: [PostID]) async throws -> Set<PostID> {
        var liked = Set<PostID>()
        var start = posts.startIndex
        while start < posts.endIndex {
            let end = min(start + Self.maxIDsPerRequest, posts.endIndex)
            let ids = posts[start..<end].map(\.rawValue).joined(separator: ",")
            let dto = try await http.send(
                .get("/v1/likes", query: [URLQueryItem(name: "postIds", value: ids)]), decoding: LikedIDsDTO.self)
            liked.formUnion(dto.liked.map { PostID($0) })
            start = end
        }
        return liked.intersection(posts)
    }

    public func setLiked(_ liked: Bool, post: PostID) async throws -> LikeResult {
        // The ID is one path segment, encoded once by Networking. The body carries the final
        // state, so the PUT is idempotent and safe to retry.
        let request = try HTTPRequest.json(
            .put, pathSegments: ["v1", "posts", post.rawValue, "like"], body: LikeRequestDTO(liked: liked), isIdempotent: true)
        let reply: LikeReplyDTO
        do {
            reply = try await http.send(request, decoding: LikeReplyDTO.self)
        } catch {
            throw Self.likeError(error)
        }
        guard PostLimits.likeCount.contains(reply.likeCount) else {
            let error = HTTPError.decoding(path: "$.likeCount", reason: "\(reply.likeCount) is outside \(PostLimits.likeCount)")
            throw LikeError.outcomeUnknown(reason: error.description)
        }
        // A version out of range is not believed (the pair is, as from a server that sends none).
        let version = reply.version.flatMap { LikeResult.versions.contains($0) ? $0 : nil }
        return LikeResult(liked: reply.liked, likeCount: reply.likeCount, version: version)
    }
}

extension RemoteLikesRepository {
    /// What a failed write means for the like: refused for good, not sent, or not known.
    static func likeError(_ error: HTTPError) -> LikeError {
        switch error {
        case .status(let code, _) where code == 408 || code == 429:
            .notSent(reason: error.description)
        case .status(let code, _) where (400..<500).contains(code):
            .refused(reason: error.description)
        case .invalidURL:
            .refused(reason: error.description)
        case .retryAfterTooLong:
            .notSent(reason: error.description)
        case _ where error.outcome == .notApplied:
            .notSent(reason: error.description)
        default:
            // A timeout, a lost connection, a 5xx or an unreadable 200 may follow an applied write.
            .outcomeUnknown(reason: error.description)
        }
    }
}
