import FeedInterface
import Foundation
import Networking

/// How many statuses are newer than the first one shown: the timeline asked with `min_id`, so the
/// answer is the newer statuses themselves, counted (at most 40, shown as "40 new").
public struct MastodonNewPostsCounter: NewPostsCounter {
    private let http: any HTTPClient
    private let timeline: MastodonTimeline

    /// Counts on `timeline`.
    public init(http: any HTTPClient, timeline: MastodonTimeline) {
        self.http = http
        self.timeline = timeline
    }

    public func newPostCount(since post: PostID) async throws -> Int {
        var (segments, query) = timeline.request
        query += [URLQueryItem(name: "min_id", value: post.rawValue), URLQueryItem(name: "limit", value: "40")]
        do {
            let statuses = try await http.send(HTTPRequest(method: .get, pathSegments: segments, query: query), decoding: [Decoded<MastodonStatusDTO>].self)
            return statuses.prefix(40).compactMap { $0.value.flatMap(MastodonStatusMapping.status(from:)) }.count
        } catch {
            throw MastodonErrors.feedError(error, hadCursor: false)
        }
    }
}
