import FeedInterface
import Foundation
import LikesInterface
import Networking
import NetworkingTesting
import Testing

@testable import Mastodon

@Suite("the Mastodon feed and favourites over recorded replies")
struct MastodonFeedRepositoryTests {
    @Test("a timeline page: one request, limit and max_id from the last page's next link, the next cursor from the Link header")
    func paging() async throws {
        let recorded = try RecordedExchange("home_timeline")
        let http = FakeHTTPClient { _ throws(HTTPError) in recorded.response }
        let feed = MastodonFeedRepository(http: http, timeline: .home)
        let first = try await feed.page(after: nil)
        #expect(first.page.next == Cursor("117440826224869303"))
        #expect(first.page.posts.count == 11 && first.page.posts.allSatisfy { $0.image == nil }, "the recorded page is text only: text posts")
        let onlyPhotos = try await MastodonFeedRepository(http: http, timeline: .home, onlyPhotos: true).page(after: nil)
        #expect(onlyPhotos.page.posts.isEmpty && onlyPhotos.page.next == first.page.next, "--only-photos leaves them out, the paging stays")
        _ = try await feed.posts(after: first.page.next)
        let requests = await http.requests
        #expect(requests.count == 3)
        #expect(requests[0].path == "/api/v1/timelines/home")
        #expect(requests[0].query == [URLQueryItem(name: "limit", value: "20")])
        #expect(requests[2].query.contains(URLQueryItem(name: "max_id", value: "117440826224869303")))
    }

    @Test("photo statuses become posts, hearts in; one malformed status drops alone; no Link is the end")
    func photos() async throws {
        let photo = try JSONSerialization.jsonObject(with: RecordedExchange("media_post_multiple").body)
        let body = try JSONSerialization.data(withJSONObject: [photo, ["id": 7, "account": "nonsense"], photo])
        let http = FakeHTTPClient { _ throws(HTTPError) in HTTPResponse(status: 200, body: body) }
        let page = try await MastodonFeedRepository(http: http, timeline: .tag("hoot")).posts(after: nil)
        #expect(page.posts.map(\.id) == [PostID("117440821412413892"), PostID("117440821412413892")])
        #expect(page.posts.first?.like == .notLiked)
        #expect(page.next == nil)
        #expect(await http.requests.first?.path == "/api/v1/timelines/tag/hoot")
    }

    @Test("the pill counts from the timeline entry the first row was shown as: a boost's own id, not the boosted post's")
    func pillAfterABoost() async throws {
        var boost = try #require(try JSONSerialization.jsonObject(with: RecordedExchange("status_reblog").body) as? [String: Any])
        boost["reblog"] = try JSONSerialization.jsonObject(with: RecordedExchange("media_post_multiple").body)
        let page = try JSONSerialization.data(withJSONObject: [boost])
        let http = FakeHTTPClient { _ throws(HTTPError) in HTTPResponse(status: 200, body: page) }
        let entries = MastodonEntryIDs()
        let shown = try await MastodonFeedRepository(http: http, timeline: .home, entries: entries).posts(after: nil)
        let first = try #require(shown.posts.first)
        #expect(first.id == PostID("117440821412413892"), "the row is the boosted post")
        _ = try await MastodonNewPostsCounter(http: http, timeline: .home, entries: entries).newPostCount(since: first.id)
        let asked = try #require(await http.requests.last)
        #expect(asked.query.contains(URLQueryItem(name: "min_id", value: "117440831312204861")), "newer than the boost: \(asked.query)")
    }

    @Test("timelines by name; local is public with local=true; bad names are refused")
    func timelines() {
        #expect(MastodonTimeline("home") == .home)
        #expect(MastodonTimeline("tag:caturday") == .tag("caturday"))
        #expect(MastodonTimeline.local.request.query == [URLQueryItem(name: "local", value: "true")])
        for bad in ["", "tag:", "tag:a/b", "tag:" + String(repeating: "x", count: 101), "Home"] {
            #expect(MastodonTimeline(bad) == nil)
        }
    }

    @Test("a rejected token, a refused max_id, an unreachable server: each in the feed's terms")
    func errors() async throws {
        let rejected = FakeHTTPClient { _ throws(HTTPError) in throw .status(code: 401, message: nil) }
        await #expect(throws: FeedError.server(reason: "the server rejected the token (401); sign in again")) {
            try await MastodonFeedRepository(http: rejected, timeline: .home).posts(after: nil)
        }
        let gone = FakeHTTPClient { _ throws(HTTPError) in throw .status(code: 404, message: nil) }
        await #expect(throws: FeedError.cursorExpired) {
            try await MastodonFeedRepository(http: gone, timeline: .home).posts(after: Cursor("1"))
        }
        let offline = FakeHTTPClient { _ throws(HTTPError) in throw .unreachable(host: "m.example", reason: "no route") }
        let error = await #expect(throws: FeedError.self) { try await MastodonFeedRepository(http: offline, timeline: .public).posts(after: nil) }
        guard case .offline? = error else {
            Issue.record("not offline: \(String(describing: error))")
            return
        }
    }

    @Test("a favourite and an unfavourite: POST to the status, heart and count from the recorded replies")
    func favourites() async throws {
        let (on, off) = (try RecordedExchange("favourite"), try RecordedExchange("unfavourite"))
        let http = FakeHTTPClient { request throws(HTTPError) in request.path.hasSuffix("/unfavourite") ? off.response : on.response }
        let favourites = MastodonFavourites(http: http)
        #expect(try await favourites.setLiked(true, post: PostID("117440831328347550")) == LikeResult(liked: true, likeCount: 1))
        #expect(try await favourites.setLiked(false, post: PostID("117440831328347550")) == LikeResult(liked: false, likeCount: 0))
        let requests = await http.requests
        #expect(requests.map(\.path) == ["/api/v1/statuses/117440831328347550/favourite", "/api/v1/statuses/117440831328347550/unfavourite"])
        #expect(requests.allSatisfy { $0.method == .post && $0.isIdempotent })
    }

    @Test("a 403 on favourite names the missing scope")
    func scope() async {
        let http = FakeHTTPClient { _ throws(HTTPError) in throw .status(code: 403, message: "This action is outside the authorized scopes") }
        await #expect(throws: FeedError.server(reason: "the server refused the favourite (403): the token lacks the write:favourites scope; sign in again")) {
            try await MastodonFavourites(http: http).setLiked(true, post: PostID("1"))
        }
    }
}
