import Foundation
import HTTPServer
import ImageCodec
import Synchronization

/// A Mastodon-API server on loopback for tests: `count` photo statuses (ids descending from
/// `count`), timelines paged by `Link` with `max_id`/`min_id`, favourites, one status or several
/// (`id[]`), an account's statuses, `/api/v1/instance`, each status's photo as a JPEG, and the
/// streaming API (`update`, `status.update`, `delete`, as the recorded user stream sends them).
/// With `mixed`, every seventh status is text only, every fifth from the third has a content
/// warning and every fifth from the fourth is sensitive. Its own JSON, shaped as the recorded
/// Mastodon 4.7.3 replies are; it shares no code with the client.
public final class FakeMastodonServer: Sendable {
    /// Every request's method and path, and whether it carried a bearer token, in order.
    public struct Seen: Sendable, Equatable {
        public let method: String
        public let path: String
        public let query: [String: String]
        public let bearer: String?
    }

    private struct State {
        var count: Int
        var favourited: Set<Int> = []
        /// Favourites of other accounts, by status.
        var others: [Int: Int] = [:]
        var deleted: Set<Int> = []
        var revoked: Set<String> = []
        var seen: [Seen] = []
        /// Every streamed message so far (each stream sends those after its start).
        var events: [String] = []
        var stopped = false
    }

    private let state: Mutex<State>
    private let mixed: Bool
    private let photo: Data
    private let server: Mutex<HTTPServer?> = Mutex(nil)
    /// The base address once started.
    public let baseURL: URL

    /// A server of `count` statuses (1…1000; the author of status N is `N % 5`), `mixed` ones or
    /// photos only, started on a free loopback port.
    public init(count: Int = 50, mixed: Bool = false) throws {
        state = Mutex(State(count: min(max(1, count), 1_000)))
        self.mixed = mixed
        photo = (try? JPEGEncoder().encode(RGBImage(width: 64, height: 48, red: 200, green: 120, blue: 40))) ?? Data()
        let box = Mutex<FakeMastodonServer?>(nil)
        let http = HTTPServer(port: 0) { request in
            box.withLock { $0 }?.answer(request) ?? HTTPServerResponse(status: 503)
        }
        let port = try http.start()
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
        server.withLock { $0 = http }
        box.withLock { $0 = self }
    }

    /// Stops listening (and streaming).
    public func stop() {
        state.withLock { $0.stopped = true }
        server.withLock { $0?.stop() }
    }

    /// The requests seen so far.
    public var seen: [Seen] { state.withLock { $0.seen } }

    /// The code `POST /oauth/token` exchanges (for the token `issued-token`); any other is refused.
    public static let code = "good-code"
    /// The token a sign-in gets.
    public static let issuedToken = "issued-token"

    /// The tokens revoked so far.
    public var revoked: Set<String> { state.withLock { $0.revoked } }

    /// Publishes `more` statuses, newer than every one so far (at most 1,000 in all), each streamed as an `update`.
    public func publish(_ more: Int) {
        let (from, to) = state.withLock { state in
            let from = state.count
            state.count = min(1_000, state.count + max(0, more))
            return (from, state.count)
        }
        for id in stride(from: from + 1, through: to, by: 1) { stream("update", status(id)) }
    }

    /// Deletes status `id`: it leaves the timelines and a `delete` is streamed.
    public func delete(_ id: Int) {
        state.withLock { _ = $0.deleted.insert(id) }
        stream("delete", String(id))
    }

    /// Another account favourites status `id`: its count grows and a `status.update` is streamed (with the user's heart).
    public func favouriteByOthers(_ id: Int) {
        state.withLock { $0.others[id, default: 0] += 1 }
        stream("status.update", status(id))
    }

    /// The streams opened so far.
    public var streamsOpened: Int { state.withLock { state in state.seen.filter { $0.path.hasPrefix("/api/v1/streaming/") }.count } }

    private func stream(_ event: String, _ data: String) {
        state.withLock { $0.events.append("event: \(event)\ndata: \(data)\n\n") }
    }

    /// Whether status `id` is favourited now.
    public func isFavourited(_ id: Int) -> Bool { state.withLock { $0.favourited.contains(id) } }

    private func answer(_ request: HTTPServerRequest) -> HTTPServerResponse {
        let bearer = request.headers["authorization"].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        let query = Dictionary(request.query.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        state.withLock { $0.seen.append(Seen(method: request.method, path: request.path, query: query, bearer: bearer)) }
        let (count, revoked) = state.withLock { ($0.count, $0.revoked) }
        if let bearer, revoked.contains(bearer) {
            return HTTPServerResponse(status: 401, body: Data(#"{"error":"The access token was revoked"}"#.utf8))
        }
        let parts = request.path.split(separator: "/").map(String.init)
        let form = request.formFields
        if request.method == "POST", parts == ["api", "v1", "apps"] {
            guard form["redirect_uris"] == "urn:ietf:wg:oauth:2.0:oob", form["scopes"] == "read write:favourites" else {
                return HTTPServerResponse(status: 422, body: Data(#"{"error":"Validation failed"}"#.utf8))
            }
            return json(#"{"id":"1","name":"feed","client_id":"cid","client_secret":"csecret"}"#)
        }
        if request.method == "POST", parts == ["oauth", "token"] {
            guard form["code"] == Self.code, form["client_id"] == "cid", form["client_secret"] == "csecret" else {
                return HTTPServerResponse(status: 400, body: Data(#"{"error":"invalid_grant"}"#.utf8))
            }
            return json(#"{"access_token":"\#(Self.issuedToken)","token_type":"Bearer","scope":"read write:favourites","created_at":1}"#)
        }
        if request.method == "POST", parts == ["oauth", "revoke"] {
            guard form["client_id"] == "cid", form["client_secret"] == "csecret", let token = form["token"] else {
                return HTTPServerResponse(status: 403, body: Data(#"{"error":"unauthorized_client"}"#.utf8))
            }
            state.withLock { _ = $0.revoked.insert(token) }
            return json("{}")
        }
        let api = parts.count >= 3 && parts[0] == "api" && parts[1] == "v1" ? Array(parts.dropFirst(2)) : []
        if request.method == "GET", api == ["instance"] {
            return json(#"{"uri":"127.0.0.1","title":"Fake","version":"4.7.3"}"#)
        }
        if request.method == "GET", api.count >= 2, api[0] == "streaming" {
            return streaming()
        }
        if request.method == "GET", api == ["statuses"] {
            let ids = request.query.filter { $0.name == "id[]" }.prefix(20).compactMap { Int($0.value) }.filter { (1...count).contains($0) }
            return json("[" + ids.map(status).joined(separator: ",") + "]")
        }
        if request.method == "GET", api.first == "timelines" || api.count == 3 && api[0] == "accounts" && api[2] == "statuses" {
            if api == ["timelines", "home"], bearer == nil {
                return HTTPServerResponse(status: 401, body: Data(#"{"error":"The access token is invalid"}"#.utf8))
            }
            return timeline(request, query: query, count: count, author: api.first == "accounts" ? Int(api[1]) : nil)
        }
        if request.method == "GET", api.count == 2, api[0] == "statuses", let id = Int(api[1]), (1...count).contains(id) {
            return json(status(id))
        }
        if request.method == "POST", api.count == 3, api[0] == "statuses", api[2] == "favourite" || api[2] == "unfavourite" {
            guard bearer != nil else { return HTTPServerResponse(status: 401) }
            guard let id = Int(api[1]), (1...count).contains(id) else { return HTTPServerResponse(status: 404) }
            state.withLock { state in
                if api[2] == "favourite" { state.favourited.insert(id) } else { state.favourited.remove(id) }
            }
            return json(status(id))
        }
        if request.method == "GET", parts.first == "media" {
            return HTTPServerResponse(status: 200, headers: [("Content-Type", "image/jpeg")], body: photo)
        }
        return HTTPServerResponse(status: 404, body: Data(#"{"error":"Record not found"}"#.utf8))
    }

    private func timeline(_ request: HTTPServerRequest, query: [String: String], count: Int, author: Int?) -> HTTPServerResponse {
        let limit = min(max(1, query["limit"].flatMap(Int.init) ?? 20), 40)
        let below = query["max_id"].flatMap(Int.init) ?? (count + 1)
        let above = query["min_id"].flatMap(Int.init) ?? 0
        let deleted = state.withLock { $0.deleted }
        let ids = Array(stride(from: min(below - 1, count), through: max(1, above + 1), by: -1)
            .filter { (author == nil || $0 % 5 == author) && !deleted.contains($0) }.prefix(limit))
        var headers: [(name: String, value: String)] = [
            ("X-RateLimit-Limit", "300"), ("X-RateLimit-Remaining", "299"), ("X-RateLimit-Reset", "2030-01-01T00:00:00.000Z"),
        ]
        if let last = ids.last, last > 1 {
            let address = baseURL.absoluteString + request.path
            headers.append(("Link", "<\(address)?max_id=\(last)>; rel=\"next\", <\(address)?min_id=\(ids[0])>; rel=\"prev\""))
        }
        return .json(200, Data(("[" + ids.map(status).joined(separator: ",") + "]").utf8), headers: headers)
    }

    private func status(_ id: Int) -> String {
        let (liked, others) = state.withLock { ($0.favourited.contains(id), $0.others[id] ?? 0) }
        let base = baseURL.absoluteString
        let author = id % 5
        let text = mixed && id % 7 == 0
        let warning = mixed && id % 5 == 3 ? "Warning \(id)" : ""
        let media = text ? "" : #"{"id":"m\#(id)","type":"image","url":"\#(base)/media/\#(id).jpg","#
            + #""preview_url":"\#(base)/media/\#(id)-small.jpg","blurhash":"UGC~-#M{0JfkNFofR%M{IURj%Mt7E0oM%MR*","#
            + #""meta":{"original":{"width":640,"height":480},"small":{"width":320,"height":240}}}"#
        return #"{"id":"\#(id)","created_at":"2026-10-14T19:05:21.259Z","sensitive":\#(mixed && id % 5 == 4 && !text),"#
            + #""spoiler_text":"\#(warning)","#
            + #""replies_count":\#(id % 3),"favourites_count":\#(id % 7 + (liked ? 1 : 0) + others),"favourited":\#(liked),"#
            + #""content":"<p>\#(text ? "Words" : "Photo") number \#(id) &amp; friends</p>","reblog":null,"emojis":[],"#
            + #""account":{"id":"\#(author)","acct":"user\#(author)","display_name":"User \#(author)"},"#
            + #""media_attachments":[\#(media)]}"#
    }

    /// A stream: a greeting at once, then each message streamed after it opened, until the client
    /// goes or the server stops (two minutes at most).
    private func streaming() -> HTTPServerResponse {
        let start = state.withLock { $0.events.count }
        return .streaming(200, headers: [("Content-Type", "text/event-stream")]) { [self] writer in
            guard writer.write(Data(":)\n".utf8)) else { return }
            var next = start
            let deadline = ContinuousClock.now + .seconds(120)
            while writer.isOpen, ContinuousClock.now < deadline {
                let (fresh, stopped) = self.state.withLock { state in (Array(state.events[min(next, state.events.count)...]), state.stopped) }
                if stopped { return }
                next += fresh.count
                if !fresh.isEmpty, !writer.write(Data(fresh.joined().utf8)) { return }
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
    }

    private func json(_ text: String) -> HTTPServerResponse { .json(200, Data(text.utf8)) }
}
