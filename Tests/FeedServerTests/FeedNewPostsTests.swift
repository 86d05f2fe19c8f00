import Foundation
@testable import FeedServer
import HTTPServer
import Testing

private struct Count: Decodable { var count: Int }

private func newCount(_ router: FeedRouter, since: String) async throws -> Int {
    try decode(Count.self, await call(router, "/v1/feed/new-count", query: [("since", since)])).count
}

@Suite("FeedServer new posts")
struct FeedNewPostsTests {
    @Test("published posts continue the ids, are deterministic, and top a fresh first page newest first")
    func publishedOnTop() async throws {
        let router = FeedRouter(options: FeedServerOptions(), log: nil)
        #expect(router.publishNewPosts(3) == ["p501", "p502", "p503"])
        let after = try decode(TestPage.self, await call(router, "/v1/feed", query: [("limit", "5")]))
        #expect(after.items.prefix(3).map(\.id) == ["p503", "p502", "p501"])
        #expect(after.items.dropFirst(3).allSatisfy { (Int($0.id.dropFirst()) ?? 0) <= 500 })
        #expect(router.likeState(of: "p502")! == (false, 0))

        let twin = FeedRouter(options: FeedServerOptions(), log: nil)
        twin.publishNewPosts(3)
        let twinPage = try decode(TestPage.self, await call(twin, "/v1/feed", query: [("limit", "3")]))
        #expect(twinPage.items.map(\.author.id) == after.items.prefix(3).map(\.author.id))
        #expect(twinPage.items.map(\.caption) == after.items.prefix(3).map(\.caption))
        #expect(Set(after.items.prefix(3).map(\.author.id)).isSubset(of: Set((1...36).map { "u\($0)" })))
    }

    @Test("a session started before new posts keeps its snapshot: no new post, no duplicate, every old post once")
    func sessionsKeepTheirSnapshot() async throws {
        let router = FeedRouter(options: FeedServerOptions(), log: nil)
        let first = try decode(TestPage.self, await call(router, "/v1/feed", query: [("limit", "30")]))
        router.publishNewPosts(7)
        var ids = first.items.map(\.id)
        var cursor = first.nextCursor
        var pages = 0
        while let current = cursor, pages < 100 {
            if pages == 3 { router.publishNewPosts(4) }
            let page = try decode(TestPage.self, await call(router, "/v1/feed", query: [("limit", "30"), ("cursor", current)]))
            ids += page.items.map(\.id)
            cursor = page.nextCursor
            pages += 1
        }
        #expect(ids.count == 500)
        #expect(Set(ids) == Set((1...500).map { "p\($0)" }))

        let fresh = try await walk(router, limit: 40).flatMap { $0 }
        #expect(fresh.count == 511)
        #expect(Set(fresh).count == 511)
        #expect(Array(fresh.prefix(11)) == (501...511).reversed().map { "p\($0)" })
    }

    @Test("new-count counts the posts above an id in the current ranking")
    func newCountCountsPublishedPosts() async throws {
        let router = FeedRouter(options: FeedServerOptions(), log: nil)
        let top = try #require(try decode(TestPage.self, await call(router, "/v1/feed")).items.first?.id)
        #expect(try await newCount(router, since: top) == 0)
        router.publishNewPosts(5)
        #expect(try await newCount(router, since: top) == 5)
        #expect(try await newCount(router, since: "p505") == 0)
        #expect(try await newCount(router, since: "p503") == 2)
        #expect(await call(router, "/v1/feed/new-count", query: [("since", "p506")]).status == 404)
    }

    @Test("--new-posts-every publishes one post per interval as time passes, and stops when turned off")
    func timer() async throws {
        let clock = ManualClock(1_000)
        let router = FeedRouter(options: FeedServerOptions(faults: FeedServerFaults(newPostsEverySeconds: 10)), log: nil, now: { clock.now() })
        let top = try #require(try decode(TestPage.self, await call(router, "/v1/feed")).items.first?.id)
        clock.set(1_009.9)
        #expect(try await newCount(router, since: top) == 0)
        clock.set(1_030)
        #expect(try await newCount(router, since: top) == 3)
        #expect(router.likeState(of: "p503") != nil)
        #expect(router.likeState(of: "p504") == nil)
        router.update { $0.newPostsEverySeconds = nil }
        clock.set(2_000)
        #expect(try await newCount(router, since: top) == 3)
        router.update { $0.newPostsEverySeconds = 1 }
        clock.set(2_000.5)
        #expect(try await newCount(router, since: top) == 3, "a changed interval starts counting from now")
        clock.set(1_000_000)
        #expect(try await newCount(router, since: top) == 1_003, "a long quiet spell catches up at most 1,000 posts")
    }

    @Test("publishing stops at the cap of new posts")
    func cap() {
        let router = FeedRouter(options: FeedServerOptions(posts: 1), log: nil)
        #expect(router.publishNewPosts(FeedCatalog.maxNewPosts + 5).count == FeedCatalog.maxNewPosts)
        #expect(router.publishNewPosts(1).isEmpty)
    }
}
