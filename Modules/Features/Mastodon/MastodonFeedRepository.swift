import FeedInterface
import Foundation
import Networking

/// The feed from a Mastodon-API server (Mastodon, Pixelfed, GoToSocial…): one timeline paged by
/// its `Link` header, each status with its favourite already in, so a page costs one round trip.
public final class MastodonFeedRepository: FeedRepository {
    private let http: any HTTPClient
    private let timeline: MastodonTimeline
    private let pageSize: Int
    private let pacer: MastodonPacer
    private let entries: MastodonEntryIDs
    private let onlyPhotos: Bool

    /// The feed of `timeline`; `pageSize` is each request's `limit` (Mastodon allows 1…40); the
    /// app's repositories share one `pacer` and one table of `entries`. With `onlyPhotos`, statuses
    /// without an image are left out (else they are text posts).
    public init(
        http: any HTTPClient, timeline: MastodonTimeline, pageSize: Int = 20, pacer: MastodonPacer = MastodonPacer(),
        entries: MastodonEntryIDs = MastodonEntryIDs(), onlyPhotos: Bool = false
    ) {
        self.onlyPhotos = onlyPhotos
        self.http = http
        self.timeline = timeline
        self.pageSize = min(max(1, pageSize), 40)
        self.pacer = pacer
        self.entries = entries
    }

    /// The page after `cursor` (the `max_id` of the last page's `rel="next"` link); its `next` is
    /// nil when the server gives no further link.
    public func posts(after cursor: Cursor?) async throws -> FeedPage {
        try await page(after: cursor).page
    }

    /// The page and the statuses it was made of, with what Mastodon adds to each post.
    public func page(after cursor: Cursor?) async throws -> (page: FeedPage, statuses: [MastodonStatus]) {
        var (segments, query) = timeline.request
        query.append(URLQueryItem(name: "limit", value: String(pageSize)))
        if let cursor { query.append(URLQueryItem(name: "max_id", value: cursor.rawValue)) }
        let response: HTTPResponse
        let dtos: [Decoded<MastodonStatusDTO>]
        do {
            response = try await pacer.send(HTTPRequest(method: .get, pathSegments: segments, query: query), through: http)
            dtos = try await JSONBody.decode([Decoded<MastodonStatusDTO>].self, from: response.body)
        } catch {
            throw MastodonErrors.feedError(error, hadCursor: cursor != nil)
        }
        let statuses = dtos.prefix(PostLimits.postsPerPage).compactMap { $0.value.flatMap(MastodonStatusMapping.status(from:)) }
            .filter { !onlyPhotos || $0.post.image != nil }
        for status in statuses { entries.record(status) }
        let next = LinkHeader.parameter("max_id", of: LinkHeader(response.header("link")).next).flatMap { PostLimits.checked(Cursor($0)) }
        return (FeedPage(posts: statuses.map(\.post), next: next), statuses)
    }
}
