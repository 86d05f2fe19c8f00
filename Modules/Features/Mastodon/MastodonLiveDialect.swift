import FeedInterface
import Foundation
import Networking

/// The Mastodon API's streaming as live-updates reads it: `GET /api/v1/streaming/user` for the
/// home timeline (`public`, `public/local`, `hashtag?tag=` for the others), Server-Sent Events
/// `update` (a new status: the pill counts), `status.update` (a status changed: its heart and
/// count are read again, in place) and `delete` (the status leaves the screens). Mastodon numbers no event, so every
/// (re)connect reads the counts again: `GET /api/v1/statuses?id[]=…` (Mastodon 4.3), else one
/// status at a time for the posts on screen.
public struct MastodonLiveDialect: LiveStreamDialect {
    private let http: any HTTPClient
    private let timeline: MastodonTimeline
    private let pacer: MastodonPacer
    private let onlyPhotos: Bool

    /// The stream of `timeline` over `http`, its reads in the turns of `pacer`; with `onlyPhotos`,
    /// a new text status is not counted.
    public init(http: any HTTPClient, timeline: MastodonTimeline, pacer: MastodonPacer = MastodonPacer(), onlyPhotos: Bool = false) {
        self.http = http
        self.timeline = timeline
        self.pacer = pacer
        self.onlyPhotos = onlyPhotos
    }

    /// The most statuses one `id[]` read asks for (Mastodon's own bound).
    static let idsPerRead = 20
    /// The statuses read one at a time when the server has no `id[]` read.
    static let singleReads = 10

    public func stream(after lastID: Int, newestShown: PostID?) -> (pathSegments: [String], query: [URLQueryItem]) {
        let base = ["api", "v1", "streaming"]
        let media = onlyPhotos ? [URLQueryItem(name: "only_media", value: "true")] : []
        return switch timeline {
        case .home: (base + ["user"], [])
        case .local: (base + ["public", "local"], media)
        case .tag(let name): (base + ["hashtag"], [URLQueryItem(name: "tag", value: name)])
        case .public, .account: (base + ["public"], media)
        }
    }

    public func decode(event: String, data: String) -> LiveDecoding {
        switch event {
        case "update", "status.update":
            guard let dto = try? JSONDecoder().decode(MastodonStatusDTO.self, from: Data(data.utf8)) else {
                return .malformed("an \(event) event that is not a status")
            }
            // A status the feed would not show (no account, a photo it cannot draw) says nothing.
            guard let status = MastodonStatusMapping.status(from: dto), !onlyPhotos || status.post.image != nil else { return .skipped }
            if event == "update" { return .event(.newPosts(newest: PostID(status.entryID), count: nil, above: nil)) }
            // An edit's status was rendered when it was made (for nobody on a public stream): its
            // heart may be older than a favourite settled since, so the post is read again instead.
            return .event(.changed(status.post.id))
        case "delete":
            let id = data.trimmingCharacters(in: .whitespacesAndNewlines)
            guard PostLimits.idBytes.contains(id.utf8.count), id.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                return .malformed("a delete event that is not a status id")
            }
            return .event(.deleted(PostID(id)))
        default:
            // notification, conversation, filters_changed, announcement…: not the feed's.
            return .skipped
        }
    }

    public func counts(of ids: [PostID]) async throws -> [PostID: ServerLikes] {
        var counts: [PostID: ServerLikes] = [:]
        var start = 0
        while start < ids.count {
            let chunk = Array(ids[start..<min(ids.count, start + Self.idsPerRead)])
            start += Self.idsPerRead
            let request = HTTPRequest(
                method: .get, pathSegments: ["api", "v1", "statuses"], query: chunk.map { URLQueryItem(name: "id[]", value: $0.rawValue) })
            do {
                let response = try await pacer.send(request, through: http)
                let statuses = try await JSONBody.decode([Decoded<MastodonStatusDTO>].self, from: response.body)
                for dto in statuses.prefix(Self.idsPerRead) { note(dto.value, among: chunk, into: &counts) }
            } catch HTTPError.status(404, _) {
                // A server before Mastodon 4.3: the posts on screen (first in `ids`), one at a time.
                return try await singly(Array(ids.prefix(Self.singleReads)))
            }
        }
        return counts
    }

    public var countsLimit: Int { 40 }

    /// A count of newer statuses at most every 10 s: `update`s of a busy public timeline come many a
    /// second, and each count is a request against the rate limit (300 in 5 minutes on Mastodon).
    public var newPostsCountInterval: Duration { .seconds(10) }

    /// A status with its account, media and a quoted status can pass the stream's 64 KB: 1 MB.
    public var maxMessageBytes: Int? { 1 << 20 }

    private func singly(_ ids: [PostID]) async throws -> [PostID: ServerLikes] {
        var counts: [PostID: ServerLikes] = [:]
        for id in ids {
            let response = try await pacer.send(.get(pathSegments: ["api", "v1", "statuses", id.rawValue]), through: http)
            note(try await JSONBody.decode(Decoded<MastodonStatusDTO>.self, from: response.body).value, among: ids, into: &counts)
        }
        return counts
    }

    /// `dto`'s heart and count, when it is one of `ids` and carries both.
    private func note(_ dto: MastodonStatusDTO?, among ids: [PostID], into counts: inout [PostID: ServerLikes]) {
        guard let dto, let status = MastodonStatusMapping.status(from: dto), ids.contains(status.post.id),
            let liked = status.post.like.isLiked
        else { return }
        counts[status.post.id] = ServerLikes(liked: liked, likeCount: status.post.likeCount)
    }
}
