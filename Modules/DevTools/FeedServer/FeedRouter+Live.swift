import Foundation
import HTTPServer

/// `GET /v1/live` (Server-Sent Events of like counts, new posts and flags) and
/// `GET /v1/posts/like-counts` (the counts now, for the refetch after a reconnect).
extension FeedRouter {
    /// The most post IDs one counts read takes.
    static let maxCountIDs = 100

    /// `GET /v1/posts/like-counts?postIds=p1,p2`: `{"likeCounts":{"p1":3},"liked":["p1"],"versions":{"p1":7}}`; unknown IDs are left out.
    func likeCounts(_ request: HTTPServerRequest) -> HTTPServerResponse {
        guard let text = request.queryValue("postIds") else {
            return Self.error(400, "postIds is required: a comma-separated list of post ids, e.g. postIds=p1,p2")
        }
        let ids = Array(Set(text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }))
        guard ids.count <= Self.maxCountIDs else { return Self.error(400, "at most \(Self.maxCountIDs) postIds per request") }
        let (counts, liked, versions) = state.withLock { state in
            let known = ids.compactMap { id in state.catalog.indexByID[id].map { (id, $0) } }
            return (
                Dictionary(uniqueKeysWithValues: known.map { ($0.0, state.likeCounts[$0.1]) }), known.filter { state.liked[$0.1] }.map(\.0).sorted(),
                Dictionary(uniqueKeysWithValues: known.map { ($0.0, state.likeVersions[$0.1]) }))
        }
        return Self.json(200, FeedServerDTO.LikeCounts(likeCounts: counts, liked: liked, versions: versions))
    }

    /// `GET /v1/live?since=SEQ[&above=POST]`: the stream, resumed after `since` or `Last-Event-ID`.
    func liveStream(_ request: HTTPServerRequest) -> HTTPServerResponse {
        let resume = request.queryValue("since") ?? request.headers["last-event-id"] ?? "0"
        guard let since = Int(resume.trimmingCharacters(in: .whitespaces)), since >= 0 else {
            return Self.error(400, "since must be a non-negative integer (the id of the last event received), got \"\(resume.prefix(40))\"")
        }
        if faults.flags["live-updates"] == false {
            return Self.error(503, "live-updates is switched off on this server; poll instead")
        }
        let above = request.queryValue("above")
        let headers = [("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache")]
        return .streaming(200, headers: headers) { [self] writer in
            let reason = LiveStreamWriter(router: self, writer: writer, above: above).run(after: since)
            log?("GET /v1/live closed: \(reason)")
        }
    }

    /// The JSON of a `new-posts` event: the newest post, and the count above `above` when known.
    func newPostsData(above: String?) -> String {
        state.withLock { state in
            let newest = state.catalog.posts.last.map(\.id) ?? ""
            let count = above.flatMap { state.catalog.indexByID[$0] }.map { state.freshPosition(of: $0) }
            return FeedServerDTO.line(FeedServerDTO.LiveNewPosts(newest: newest, count: count, above: above))
        }
    }

    /// Publishes the like count of post `index` now (after a like write, or another user's like).
    func publishLike(_ id: String) {
        // The pair and its version are read together: an event published late says how old it is.
        guard let like = likeSnapshot(of: id) else { return }
        live.publish("likes", FeedServerDTO.line(FeedServerDTO.LiveLike(id: id, likeCount: like.likeCount, liked: like.liked, version: like.version)))
    }

    /// Another user likes or unlikes a post (`--others-like-every`): its count moves by one.
    func likeByOthers(index: Int, liking: Bool) {
        let id = state.withLock { state -> String? in
            guard state.catalog.posts.indices.contains(index) else { return nil }
            let count = state.likeCounts[index]
            state.setLikes(index, liked: state.liked[index], count: liking ? count + 1 : count - 1)
            return state.catalog.posts[index].id
        }
        if let id { publishLike(id) }
    }
}
