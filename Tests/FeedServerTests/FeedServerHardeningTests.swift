@testable import FeedServer
import Foundation
import HTTPServer
import LoopbackTesting
import Testing
import TestingSupport

@Suite("FeedServer hardening", .serialized)
struct FeedServerHardeningTests {
    @Test("20,000 requests with junk cursors, methods, post ids and paths keep no state: stats stay bounded", .heavy)
    func hostileTrafficKeepsNoState() async throws {
        let server = FeedServer(options: FeedServerOptions(port: 0))
        let port = try server.start()
        defer { server.stop() }
        let statuses = try await onOwnThread { try HostileTraffic.send(port: port, from: 0, count: 20_000) }
        #expect(statuses.values.reduce(0, +) == 20_000)
        #expect(Set(statuses.keys).isSubset(of: [400, 404, 405]), "\(statuses)")

        let stats = server.stats()
        #expect(stats.requests.count <= 5, "\(stats.requests.keys.sorted())")
        #expect(stats.count(FeedServerStats.otherMethod) == 4_000)
        #expect(stats.count(FeedServerStats.unmatched) == 4_000)
        #expect(stats.feedCursors.isEmpty, "junk cursors are not kept")
        #expect(stats.likeRequests.isEmpty, "like requests for posts that do not exist are not kept")
        #expect(stats.statuses.count <= 3)
    }

    @Test("stats keep a fixed set of route keys, the latest 1,000 valid cursors and like counts of real posts only")
    func statsStayBounded() async throws {
        let router = FeedRouter(options: FeedServerOptions(posts: 50), log: nil)
        // Every method on every path, first: each first page of the feed counts as a nil cursor.
        for method in ["GET", "HEAD", "PUT", "POST", "DELETE", "PATCH", "BREW", "M-SEARCH"] {
            for path in ["/v1/feed", "/v1/likes", "/v1/posts/p1/like", "/v1/users/u1/posts", "/v1/flags", "/v1/photos/p1.jpg",
                         "/v1/feed/new-count", "/openapi.json", "/v1/control/flags", "/nope/\(method)"] {
                _ = await call(router, method, path, body: #"{"liked":true}"#)
            }
        }
        var cursors: [String] = []
        for _ in 0..<300 {
            let page = try decode(TestPage.self, await call(router, "/v1/feed", query: [("limit", "5")]))
            var cursor = page.nextCursor
            while let current = cursor {
                cursors.append(current)
                let next = try decode(TestPage.self, await call(router, "/v1/feed", query: [("limit", "5"), ("cursor", current)]))
                cursor = next.nextCursor
            }
        }
        for number in 0..<500 { _ = await call(router, "PUT", "/v1/posts/q\(number)/like", body: #"{"liked":true}"#) }

        let stats = router.stats()
        let routeKeys = Set(stats.requests.keys)
        let allowed: Set<String> = [
            "GET /v1/feed", "GET /v1/likes", "PUT /v1/posts/{id}/like", "POST /v1/posts/{id}/like", "GET /v1/users/{id}/posts",
            "GET /v1/flags", "GET /v1/photos/{id}.jpg", "GET /v1/feed/new-count", "GET /openapi.json",
            FeedServerStats.unmatched, FeedServerStats.otherMethod,
        ]
        #expect(routeKeys == allowed)
        #expect(stats.feedCursors.count == FeedServerStats.maxFeedCursors)
        #expect(stats.feedCursors.last == .some(cursors.last))
        #expect(stats.feedCursors.compactMap { $0 } == Array(cursors.suffix(stats.feedCursors.compactMap { $0 }.count)))
        #expect(Set(stats.likeRequests.keys) == ["p1"])
    }

    @Test("the head deadline is configurable through FeedServer: a trickling head is answered 408")
    func headDeadlineThroughFeedServer() async throws {
        let limits = HTTPServerLimits(headTimeout: .milliseconds(200))
        let server = FeedServer(options: FeedServerOptions(port: 0), limits: limits)
        let port = try server.start()
        defer { server.stop() }
        let reply = try await onOwnThread { () throws -> RawReply in
            let client = try RawClient(port: port)
            // One header per 50 ms, 100 of them: 5 s if the deadline restarted per line.
            return try client.trickle("GET /v1/feed HTTP/1.1\r\n", lines: (0..<100).map { "X-Slow-\($0): 1\r\n" }, pauseMilliseconds: 50)
        }
        #expect(reply.status == 408)
        #expect(server.stats().totalRequests == 0, "the request never reached the router")
    }
}
