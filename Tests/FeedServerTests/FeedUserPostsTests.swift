import Foundation
@testable import FeedServer
import HTTPServer
import Testing

/// Walks one author's posts page by page; returns the pages' ids.
private func walkUser(_ router: FeedRouter, _ userID: String, limit: Int) async throws -> [[String]] {
    var pages: [[String]] = []
    var cursor: String?
    repeat {
        var query = [(name: "limit", value: String(limit))]
        if let cursor { query.append((name: "cursor", value: cursor)) }
        let response = await call(router, "/v1/users/\(userID)/posts", query: query)
        guard response.status == 200 else { throw TestFailure("user posts answered \(response.status)") }
        let page = try decode(TestPage.self, response)
        #expect(page.items.allSatisfy { $0.author.id == userID })
        pages.append(page.items.map(\.id))
        cursor = page.nextCursor
        if pages.count > 1_000 { throw TestFailure("the author's posts never end") }
    } while cursor != nil
    return pages
}

private func number(_ id: String) -> Int { Int(id.dropFirst()) ?? -1 }

@Suite("FeedServer user posts")
struct FeedUserPostsTests {
    @Test("with 500 posts every one of the 36 authors has several posts")
    func distribution() {
        let posts = FeedDataset(count: 500, seed: 1).posts
        let counts = Dictionary(grouping: posts, by: \.authorID).mapValues(\.count)
        #expect(counts.count == FeedDataset.authors.count)
        #expect(counts.values.min() ?? 0 >= 5, "\(counts.sorted { $0.key < $1.key })")
    }

    @Test("an author's posts come newest (highest number) first, in the feed's page shape, each once")
    func pagesNewestFirst() async throws {
        let router = FeedRouter(options: FeedServerOptions(), log: nil)
        let expected = router.dataset.posts.filter { $0.authorID == "u7" }.map(\.id).sorted { number($0) > number($1) }
        #expect(expected.count >= 5)
        let pages = try await walkUser(router, "u7", limit: 3)
        #expect(pages.flatMap { $0 } == expected)
        #expect(pages.dropLast().allSatisfy { $0.count == 3 })

        let response = await call(router, "/v1/users/u7/posts", query: [("limit", "100")])
        #expect(header(response, "Content-Type") == "application/json")
        let raw = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        #expect(raw["nextCursor"] is NSNull)
        let item = try #require((raw["items"] as? [[String: Any]])?.first)
        #expect(Set(item.keys) == ["id", "author", "caption", "image", "likeCount", "commentCount", "createdAt"])
        #expect(try decode(TestPage.self, await call(router, "/v1/users/u7/posts")).items.count == min(20, expected.count))
    }

    @Test("posts published during a walk appear on a fresh first page, never shifting the walk")
    func newPostsDuringWalk() async throws {
        let router = FeedRouter(options: FeedServerOptions(), log: nil)
        let first = try decode(TestPage.self, await call(router, "/v1/users/u3/posts", query: [("limit", "2")]))
        let published = router.publishNewPosts(300)
        let byU3 = published.filter { id in router.state.withLock { $0.catalog.posts[$0.catalog.indexByID[id]!].authorID == "u3" } }
        #expect(!byU3.isEmpty)
        var ids = first.items.map(\.id)
        var cursor = first.nextCursor
        while let current = cursor {
            let page = try decode(TestPage.self, await call(router, "/v1/users/u3/posts", query: [("limit", "2"), ("cursor", current)]))
            ids += page.items.map(\.id)
            cursor = page.nextCursor
        }
        let original = router.dataset.posts.filter { $0.authorID == "u3" }.map(\.id).sorted { number($0) > number($1) }
        #expect(ids == original)
        let fresh = try await walkUser(router, "u3", limit: 50).flatMap { $0 }
        #expect(fresh == byU3.reversed() + original)
    }

    @Test("unknown user 404, bad cursor 400, bad limit 400, all as JSON errors")
    func errors() async throws {
        let router = FeedRouter(options: FeedServerOptions(), log: nil)
        for user in ["u0", "u37", "nobody", "p1"] {
            let response = await call(router, "/v1/users/\(user)/posts")
            #expect(response.status == 404, "user \(user)")
            #expect(errorMessage(response)?.contains(user) == true)
        }
        let page = try decode(TestPage.self, await call(router, "/v1/users/u1/posts", query: [("limit", "1")]))
        let otherUsers = try #require(page.nextCursor)
        let feedCursor = try #require(try decode(TestPage.self, await call(router, "/v1/feed")).nextCursor)
        for cursor in ["junk!", "", otherUsers, feedCursor, UserPostsCursor(userID: "u2", before: 99_999).encoded,
                       String(repeating: "A", count: 8_000)] {
            let response = await call(router, "/v1/users/u2/posts", query: [("cursor", cursor)])
            #expect(response.status == 400, "cursor \(cursor.prefix(40))")
            #expect(errorMessage(response)?.contains("cursor") == true)
        }
        for limit in ["0", "101", "x", ""] {
            let response = await call(router, "/v1/users/u1/posts", query: [("limit", limit)])
            #expect(response.status == 400, "limit \(limit)")
            #expect(errorMessage(response)?.contains("limit must be an integer from 1 to 100") == true)
        }
        #expect(await call(router, "POST", "/v1/users/u1/posts").status == 405)
    }

    @Test("faults apply to the route: fail rate, latency and the rate limit")
    func faults() async throws {
        let clock = ManualClock(500.5)
        let router = FeedRouter(options: FeedServerOptions(faults: FeedServerFaults(failRate: 1)), log: nil, now: { clock.now() })
        #expect(await call(router, "/v1/users/u1/posts").status == 503)
        router.update {
            $0.failRate = 0
            $0.latencyMS = 50
            $0.rateLimit = 1
        }
        let elapsed = await ContinuousClock().measure {
            #expect(await call(router, "/v1/users/u1/posts").status == 200)
        }
        #expect(elapsed >= .milliseconds(50))
        let limited = await call(router, "/v1/users/u1/posts")
        #expect(limited.status == 429)
        #expect(header(limited, "Retry-After") == "1")
    }
}
