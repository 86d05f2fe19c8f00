import FeedInterface
import Networking

/// Asks GET /v1/feed/new-count?since=ID how many posts are newer than the first one shown.
public struct RemoteNewPostsCounter: NewPostsCounter {
    /// The most new posts a count may say; a larger one is an unreadable reply.
    public static let countRange = 0...1_000_000

    private struct CountDTO: Decodable, Sendable {
        let count: Int
    }

    private let http: any HTTPClient

    /// Creates the counter over an HTTP client.
    public init(http: any HTTPClient) {
        self.http = http
    }

    /// Throws `FeedError` like the feed does; a count out of `countRange` is a server error.
    public func newPostCount(since post: PostID) async throws -> Int {
        let request = HTTPRequest.get(pathSegments: ["v1", "feed", "new-count"], query: [.init(name: "since", value: post.rawValue)])
        let dto: CountDTO
        do {
            dto = try await http.send(request, decoding: CountDTO.self)
        } catch {
            throw FeedErrorMapping.feedError(error, hadCursor: false)
        }
        guard Self.countRange.contains(dto.count) else {
            throw FeedError.server(reason: "the server said \(dto.count) new posts, outside \(Self.countRange)")
        }
        return dto.count
    }
}
