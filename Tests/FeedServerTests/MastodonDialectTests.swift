@testable import FeedServer
import Foundation
import HTTPServer
import Testing

@Suite("the reference server's Mastodon dialect")
struct MastodonDialectTests {
    private func get(_ router: FeedRouter, _ path: String, _ query: [(name: String, value: String)] = []) async -> HTTPServerResponse {
        await router.handle(HTTPServerRequest(method: "GET", path: path, query: query))
    }

    private func ids(_ response: HTTPServerResponse) throws -> [String] {
        let list = try #require(try JSONSerialization.jsonObject(with: response.body) as? [[String: Any]])
        return list.compactMap { $0["id"] as? String }
    }

    @Test("newest first; max_id is exclusive below, min_id exclusive above; limit 1…40")
    func paging() async throws {
        let router = FeedRouter(options: FeedServerOptions(posts: 50), log: nil)
        #expect(try ids(await get(router, "/api/v1/timelines/public", [("limit", "3")])) == ["50", "49", "48"])
        #expect(try ids(await get(router, "/api/v1/timelines/public", [("limit", "2"), ("max_id", "48")])) == ["47", "46"])
        #expect(try ids(await get(router, "/api/v1/timelines/home", [("min_id", "47")])) == ["50", "49", "48"])
        #expect(try ids(await get(router, "/api/v1/timelines/public", [("limit", "1000")])).count == 40)
        #expect(try ids(await get(router, "/api/v1/timelines/public", [("max_id", "1")])).isEmpty)
    }

    @Test("hostile ids in the query are clamped, never trapped on", arguments: [
        "-9223372036854775808", "9223372036854775807", "-1", "0", "99999999999999999999", "x",
    ])
    func hostileQuery(value: String) async throws {
        let router = FeedRouter(options: FeedServerOptions(posts: 20), log: nil)
        for name in ["max_id", "min_id", "since_id"] {
            let response = await get(router, "/api/v1/timelines/public", [(name, value)])
            #expect(response.status == 200, "\(name)=\(value)")
        }
        #expect(await get(router, "/api/v1/statuses/\(value)").status == 404)
    }

    @Test("--api feed hides the dialect; --api mastodon hides the feed API but serves the photos")
    func served() async {
        var feedOnly = FeedServerOptions(posts: 5)
        feedOnly.api = .feed
        let feed = FeedRouter(options: feedOnly, log: nil)
        #expect(await get(feed, "/api/v1/timelines/public").status == 404)
        #expect(await get(feed, "/v1/feed").status == 200)
        var mastodonOnly = FeedServerOptions(posts: 5)
        mastodonOnly.api = .mastodon
        let mastodon = FeedRouter(options: mastodonOnly, log: nil)
        #expect(await get(mastodon, "/v1/feed").status == 404)
        #expect(await get(mastodon, "/api/v1/instance").status == 200)
        #expect(await get(mastodon, "/v1/photos/p1.jpg").status == 200)
    }

    @Test("a favourite is the post's like: the feed API and the status say the same")
    func favourite() async throws {
        let router = FeedRouter(options: FeedServerOptions(posts: 5), log: nil)
        let before = try #require(router.likeState(of: "p3"))
        let answer = await router.handle(HTTPServerRequest(method: "POST", path: "/api/v1/statuses/3/\(before.liked ? "unfavourite" : "favourite")"))
        let status = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        let after = try #require(router.likeState(of: "p3"))
        #expect(after.liked == !before.liked)
        #expect(status["favourited"] as? Bool == after.liked && status["favourites_count"] as? Int == after.likeCount)
    }
}

@Suite("the reference server's Mastodon rate-limit headers")
struct MastodonRateLimitHeaderTests {
    @Test("they tell its own limit: --rate-limit N a second counts down and resets at the next second; every reply carries them")
    func truthful() async throws {
        var options = FeedServerOptions(posts: 10)
        options.faults.rateLimit = 3
        let router = FeedRouter(options: options, log: nil)
        var remaining: [String] = []
        var resets: [Date] = []
        for path in ["/api/v1/timelines/public", "/api/v1/statuses/2", "/api/v1/statuses/3"] {
            let start = Date()
            let response = await router.handle(HTTPServerRequest(method: "GET", path: path))
            guard response.status == 200 else { continue }
            let headers = Dictionary(response.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
            remaining.append(headers["x-ratelimit-remaining"] ?? "")
            let reset = try #require(headers["x-ratelimit-reset"].flatMap { try? Date($0, strategy: Date.ISO8601FormatStyle()) })
            #expect(reset > start.addingTimeInterval(-1) && reset <= start.addingTimeInterval(1.001), "the next second: \(reset) at \(start)")
            resets.append(reset)
        }
        #expect(!remaining.isEmpty && remaining.allSatisfy { Int($0).map { (0...3).contains($0) } == true }, "\(remaining)")
        let plain = FeedRouter(options: FeedServerOptions(posts: 10), log: nil)
        let answer = await plain.handle(HTTPServerRequest(method: "POST", path: "/api/v1/statuses/1/favourite"))
        #expect(answer.headers.contains { $0.name == "X-RateLimit-Limit" && $0.value == "300" })
    }
}
