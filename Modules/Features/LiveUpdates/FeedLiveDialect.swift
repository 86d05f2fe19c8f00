import FeedInterface
import Foundation
import LikesInterface
import Networking

/// The feed API's live stream: `GET /v1/live?since=N&above=POST`, numbered events (`likes`,
/// `new-posts`, `flags`, `reset`), counts read again with `GET /v1/posts/like-counts`. The dialect
/// live-updates speaks unless the app offers another.
struct FeedLiveDialect: LiveStreamDialect {
    let http: any HTTPClient

    func stream(after lastID: Int, newestShown: PostID?) -> (pathSegments: [String], query: [URLQueryItem]) {
        var query = [URLQueryItem(name: "since", value: String(lastID))]
        if let newestShown { query.append(URLQueryItem(name: "above", value: newestShown.rawValue)) }
        return (["v1", "live"], query)
    }

    func decode(event: String, data: String) -> LiveDecoding { LiveEventDecoder.decode(event: event, data: data) }

    func counts(of ids: [PostID]) async throws -> [PostID: ServerLikes] { try await LiveCountsReader(http: http).counts(of: ids) }

    var countsLimit: Int { 500 }
}
