import FeedInterface
import Foundation
import Networking

/// How many statuses are newer than the first one shown: the timeline asked with `min_id`, so the
/// answer is the newer statuses themselves, counted (at most 40, shown as "40 new").
public struct MastodonNewPostsCounter: NewPostsCounter {
    private let http: any HTTPClient
    private let timeline: MastodonTimeline
    private let pacer: MastodonPacer
    private let entries: MastodonEntryIDs
    private let onlyPhotos: Bool

    /// Counts on `timeline`, in the turns of `pacer`; `entries` says which timeline entry a post
    /// was shown as (a boost's, newer than the boosted post); with `onlyPhotos`, as the feed does, text statuses do not count.
    public init(
        http: any HTTPClient, timeline: MastodonTimeline, pacer: MastodonPacer = MastodonPacer(), entries: MastodonEntryIDs = MastodonEntryIDs(),
        onlyPhotos: Bool = false
    ) {
        self.onlyPhotos = onlyPhotos
        self.http = http
        self.timeline = timeline
        self.pacer = pacer
        self.entries = entries
    }

    public func newPostCount(since post: PostID) async throws -> Int {
        var (segments, query) = timeline.request
        query += [URLQueryItem(name: "min_id", value: entries.entry(of: post)), URLQueryItem(name: "limit", value: "40")]
        do {
            let response = try await pacer.send(HTTPRequest(method: .get, pathSegments: segments, query: query), through: http)
            let statuses = try await JSONBody.decode([Decoded<MastodonStatusDTO>].self, from: response.body)
            return statuses.prefix(40).compactMap { $0.value.flatMap(MastodonStatusMapping.status(from:)) }
                .filter { !onlyPhotos || $0.post.image != nil }.count
        } catch {
            throw MastodonErrors.feedError(error, hadCursor: false)
        }
    }
}
