import Foundation
import HTTPServer
import ImageCodec

/// The Mastodon dialect (`/api/v1/…`): the same posts, likes and faults in the Mastodon API's
/// shape. Status N is post N−1 of the catalog (published posts are the newest); timelines page by
/// `max_id` with a `Link` header and state rate-limit headers; a favourite is a like.
extension FeedRouter {
    func mastodon(_ route: MastodonRoute, _ request: HTTPServerRequest) -> HTTPServerResponse {
        switch route {
        case .instance:
            let port = publicPort.withLock { $0 }
            return .json(200, MastodonDTO.encode(MastodonDTO.Instance(
                uri: "127.0.0.1:\(port)", title: "feed reference server", version: "4.3.0 (compatible; feed reference server)",
                description: "The reference dataset in the Mastodon dialect.")))
        case .timeline(let tag):
            return mastodonTimeline(request) { post in tag.map { post.caption.lowercased().contains($0.lowercased()) } ?? true }
        case .accountStatuses(let id):
            return mastodonTimeline(request) { $0.authorID == id }
        case .status(let id):
            let status = state.withLock { state in Self.index(of: id, in: state).map { mastodonStatus($0, in: state) } }
            guard let status else { return Self.error(404, "Record not found") }
            return .json(200, MastodonDTO.encode(status), headers: rateLimitHeaders())
        case .favourite(let id, let on):
            let outcome = state.withLock { state -> (MastodonDTO.Status, String)? in
                guard let index = Self.index(of: id, in: state) else { return nil }
                if state.liked[index] != on {
                    state.setLikes(index, liked: on, count: state.likeCounts[index] + (on ? 1 : -1))
                    state.changed.insert(index)
                }
                return (mastodonStatus(index, in: state), state.catalog.posts[index].id)
            }
            guard let (status, postID) = outcome else { return Self.error(404, "Record not found") }
            publishLike(postID)
            return .json(200, MastodonDTO.encode(status), headers: rateLimitHeaders())
        case .statuses:
            // `id[]=1&id[]=2`: the known ones, at most 20, in the order asked.
            let ids = request.query.filter { $0.name == "id[]" }.prefix(20).map(\.value)
            let statuses = state.withLock { state in ids.compactMap { Self.index(of: $0, in: state) }.map { mastodonStatus($0, in: state) } }
            return .json(200, MastodonDTO.encode(statuses), headers: rateLimitHeaders())
        case .streaming(var channel):
            if case .hashtag = channel {
                guard let tag = request.queryValue("tag"), !tag.isEmpty else { return Self.error(400, "tag is required for the hashtag stream") }
                channel = .hashtag(tag)
            }
            if faults.flags["live-updates"] == false { return Self.error(503, "live-updates is switched off on this server") }
            let channel = channel
            return .streaming(200, headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache")]) { [self] writer in
                let reason = MastodonStreamWriter(router: self, writer: writer, channel: channel).run()
                log?("GET \(request.path) closed: \(reason)")
            }
        case .apps:
            return .json(200, Data(#"{"id":"1","name":"feed","client_id":"reference-client","client_secret":"reference-secret"}"#.utf8))
        case .token:
            // Any code the user pastes signs them in as the demo user: the reference server has one.
            guard request.formFields["client_id"] == "reference-client" else { return Self.error(401, "invalid_client") }
            return .json(200, Data(#"{"access_token":"reference-token","token_type":"Bearer","scope":"read write:favourites"}"#.utf8))
        case .revoke:
            return .json(200, Data("{}".utf8))
        }
    }

    /// A page of the statuses `keeps` keeps, newest first, below `max_id` or above `min_id`/`since_id`.
    private func mastodonTimeline(_ request: HTTPServerRequest, keeps: (ServerPost) -> Bool) -> HTTPServerResponse {
        let limit = min(max(1, request.queryValue("limit").flatMap { Int($0) } ?? 20), 40)
        // Status ids are 1…posts: anything else from a query is clamped before any arithmetic.
        let bound = { (text: String?) in text.flatMap { Int($0) }.map { min(max(0, $0), 1 << 40) } }
        let below = bound(request.queryValue("max_id"))
        let above = bound(request.queryValue("min_id") ?? request.queryValue("since_id"))
        let statuses = state.withLock { state -> [MastodonDTO.Status] in
            let count = state.catalog.posts.count
            var indexes: [Int] = []
            var index = min(count, max(0, (below ?? (count + 1)) - 1)) - 1
            let floor = max(0, above ?? 0)
            while index >= floor, indexes.count < limit {
                if keeps(state.catalog.posts[index]) { indexes.append(index) }
                index -= 1
            }
            return indexes.map { mastodonStatus($0, in: state) }
        }
        var headers = rateLimitHeaders()
        if let first = statuses.first, let last = statuses.last {
            let address = "http://127.0.0.1:\(publicPort.withLock { $0 })\(request.path)"
            let local = request.queryValue("local").map { "local=\($0)&" } ?? ""
            headers.append(("Link", "<\(address)?\(local)max_id=\(last.id)>; rel=\"next\", <\(address)?\(local)min_id=\(first.id)>; rel=\"prev\""))
        }
        return .json(200, MastodonDTO.encode(statuses), headers: headers)
    }

    /// How many posts the catalog holds now.
    func postCount() -> Int { state.withLock { $0.catalog.posts.count } }

    /// The posts after the first `count` as lines of status JSON for a stream (with the user's
    /// heart `forUser`), oldest first, the newest 40 at most, those carrying `tag` (all without
    /// one); and how many posts there are now.
    func mastodonStatuses(publishedAfter count: Int, forUser: Bool, tag: String?) -> (statuses: [String], count: Int) {
        state.withLock { state in
            let now = state.catalog.posts.count
            let fresh = max(min(count, now), now - 40)..<now
            return (fresh.compactMap { streamed($0, in: state, forUser: forUser, tag: tag) }, now)
        }
    }

    /// Post `id` as one line of status JSON for a stream, like `newestMastodonStatus`.
    func mastodonStatus(ofPost id: String, forUser: Bool, tag: String?) -> String? {
        state.withLock { state in state.catalog.indexByID[id].flatMap { streamed($0, in: state, forUser: forUser, tag: tag) } }
    }

    private func streamed(_ index: Int, in state: FeedServerState, forUser: Bool, tag: String?) -> String? {
        if let tag, !state.catalog.posts[index].caption.lowercased().contains(tag.lowercased()) { return nil }
        let status = mastodonStatus(index, in: state, forUser: forUser)
        return String(decoding: MastodonDTO.encode(status), as: UTF8.self)
    }

    /// The rate-limit headers of a reply, true to the server's own limit: `--rate-limit N` counts
    /// requests per wall-clock second, so the window resets at the next second (300 a window,
    /// Mastodon's own figure, without the fault). A client's pacer believes them.
    func rateLimitHeaders() -> [(name: String, value: String)] {
        let time = now()
        let (limit, used) = state.withLock { state in
            (state.faults.rateLimit, state.rateSecond == Int(time.rounded(.down)) ? state.rateCount : 0)
        }
        let reset = Date(timeIntervalSince1970: time.rounded(.down) + 1).formatted(Date.ISO8601FormatStyle())
        return [
            ("X-RateLimit-Limit", String(limit ?? 300)), ("X-RateLimit-Remaining", String(max(0, (limit ?? 300) - used))),
            ("X-RateLimit-Reset", reset),
        ]
    }

    /// Post `index` as a status: its photo with the sizes, a preview and the BlurHash; every tenth
    /// from the fourth under a content warning, every tenth from the eighth marked sensitive (so
    /// the screens' reveal shows with no network). `forUser`: with the user's heart.
    func mastodonStatus(_ index: Int, in state: FeedServerState, forUser: Bool = true) -> MastodonDTO.Status {
        let post = state.catalog.posts[index]
        let url = photoURL(post.id)
        let small = min(post.width, 400)
        let smallHeight = max(1, post.height * small / max(1, post.width))
        let aspect = Double(post.width) / Double(max(1, post.height))
        let caption = post.caption.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        var status = MastodonDTO.Status(
            id: String(index + 1),
            createdAt: Date(timeIntervalSince1970: state.createdAt(of: index).rounded(.down)).formatted(Date.ISO8601FormatStyle()),
            content: "<p>\(caption)</p>", repliesCount: post.commentCount, favouritesCount: state.likeCounts[index],
            favourited: forUser ? state.liked[index] : nil,
            account: MastodonDTO.Account(id: post.authorID, username: post.authorID, acct: post.authorID, displayName: post.authorName),
            mediaAttachments: [MastodonDTO.Attachment(
                id: String(index + 1), url: url, previewURL: "\(url)?w=\(small)",
                meta: MastodonDTO.Meta(
                    original: MastodonDTO.Size(width: post.width, height: post.height, aspect: aspect),
                    small: MastodonDTO.Size(width: small, height: smallHeight, aspect: aspect)),
                blurhash: blurHash(of: post))])
        if index % 10 == 3 { status.spoilerText = "A photo by \(post.authorName)" }
        if index % 10 == 7 { status.sensitive = true }
        return status
    }

    /// The BlurHash of a post's photo: its scene drawn small and encoded (4×3), kept per post.
    private func blurHash(of post: ServerPost) -> String {
        if let known = blurHashes.withLock({ $0[post.id] }) { return known }
        let width = 32, height = max(1, min(64, 32 * post.height / max(1, post.width)))
        let hash = BlurHash.encode(PhotoScene(seed: seed, id: post.id).render(width: width, height: height))
        blurHashes.withLock { cache in
            if cache.count >= 10_000 { cache.removeAll() }
            cache[post.id] = hash
        }
        return hash
    }

    /// The post id behind status `id`.
    func postID(ofStatus id: String) -> String? {
        state.withLock { state in Self.index(of: id, in: state).map { state.catalog.posts[$0].id } }
    }

    /// The catalog index of status `id` (a positive decimal number), if there is such a post.
    private static func index(of id: String, in state: FeedServerState) -> Int? {
        guard id.utf8.count <= 12, let number = Int(id), number >= 1, number <= state.catalog.posts.count else { return nil }
        return number - 1
    }
}
