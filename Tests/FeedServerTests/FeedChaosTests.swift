@testable import FeedServer
import Foundation
import HTTPServer
import LoopbackTesting
import Testing
import TestingSupport

@Suite("FeedServer chaos support")
struct FeedChaosTests {
    private struct Reply: Decodable, Equatable { var liked: Bool; var likeCount: Int }

    @Test("like applied, then answered 500: the state changes anyway, and a retry is safe")
    func applyThenFail() async throws {
        let router = FeedRouter(options: FeedServerOptions(faults: FeedServerFaults(likeApplyThenFailRate: 1)), log: nil)
        let post = try #require(router.dataset.posts.first { !$0.initiallyLiked })
        let failed = await call(router, "PUT", "/v1/posts/\(post.id)/like", body: #"{"liked":true}"#)
        #expect(failed.status == 500)
        #expect(errorMessage(failed)?.contains("saved") == true)
        #expect(router.likeState(of: post.id)! == (true, post.initialLikeCount + 1))
        #expect(await call(router, "PUT", "/v1/posts/\(post.id)/like", body: #"{"liked":true}"#).status == 500)
        #expect(router.likeState(of: post.id)! == (true, post.initialLikeCount + 1))
        router.update { $0.likeApplyThenFailRate = 0 }
        let saved = await call(router, "PUT", "/v1/posts/\(post.id)/like", body: #"{"liked":true}"#)
        #expect(try decode(Reply.self, saved) == Reply(liked: true, likeCount: post.initialLikeCount + 1))
    }

    @Test("every change of a post's likes has a newer version: in the reply, the event and the counts read")
    func likeVersionsGrowWithEveryChange() async throws {
        struct Versioned: Decodable { var liked: Bool; var likeCount: Int; var version: Int }
        struct Counts: Decodable { var versions: [String: Int] }
        let router = FeedRouter(options: FeedServerOptions(), log: nil)
        let post = try #require(router.dataset.posts.first { !$0.initiallyLiked })
        let first = try decode(Versioned.self, await call(router, "PUT", "/v1/posts/\(post.id)/like", body: #"{"liked":true}"#))
        router.likeByOthers(index: try #require(router.dataset.posts.firstIndex { $0.id == post.id }), liking: true)
        let read = try decode(Counts.self, await call(router, "/v1/posts/like-counts", query: [("postIds", post.id)]))
        let again = try decode(Versioned.self, await call(router, "PUT", "/v1/posts/\(post.id)/like", body: #"{"liked":true}"#))
        #expect(first.version > 0)
        #expect(read.versions[post.id].map { $0 > first.version } == true, "another user's like is newer")
        #expect(again.version == read.versions[post.id], "a like that changes nothing keeps the version")
        #expect(router.likeSnapshot(of: post.id)?.version == again.version)
    }

    @Test("apply-then-fail draws with its probability, reproducibly from the seed")
    func applyThenFailRate() async throws {
        func statuses() async -> [Int] {
            let router = FeedRouter(options: FeedServerOptions(seed: 9, faults: FeedServerFaults(likeApplyThenFailRate: 0.5)), log: nil)
            var statuses: [Int] = []
            for number in 1...40 {
                statuses.append(await call(router, "PUT", "/v1/posts/p\(number)/like", body: #"{"liked":true}"#).status)
            }
            return statuses
        }
        let first = await statuses()
        #expect(await statuses() == first)
        #expect(first.contains(200) && first.contains(500))
    }

    @Test("changedLikeStates lists every post a request changed, with the server's current state")
    func changedStates() async throws {
        let router = FeedRouter(options: FeedServerOptions(), log: nil)
        #expect(router.changedLikeStates().isEmpty)
        let unliked = try #require(router.dataset.posts.first { !$0.initiallyLiked })
        let liked = try #require(router.dataset.posts.first { $0.initiallyLiked })
        _ = await call(router, "PUT", "/v1/posts/\(unliked.id)/like", body: #"{"liked":true}"#)
        _ = await call(router, "PUT", "/v1/posts/\(liked.id)/like", body: #"{"liked":false}"#)
        _ = await call(router, "PUT", "/v1/posts/\(liked.id)/like", body: #"{"liked":true}"#)
        _ = await call(router, "PUT", "/v1/posts/\(unliked.id)/like", body: #"{"liked":false}"#)
        _ = await call(router, "PUT", "/v1/posts/\(unliked.id)/like", body: #"{"liked":true}"#)
        // A write that matches the state already there changes nothing.
        let untouched = try #require(router.dataset.posts.first { !$0.initiallyLiked && $0.id != unliked.id })
        _ = await call(router, "PUT", "/v1/posts/\(untouched.id)/like", body: #"{"liked":false}"#)
        #expect(router.changedLikeStates() == [
            unliked.id: FeedServerLikeState(liked: true, likeCount: unliked.initialLikeCount + 1),
            liked.id: FeedServerLikeState(liked: true, likeCount: liked.initialLikeCount),
        ])
    }

    @Test("stop() then start() serves again on the same port with the same state: a downtime window")
    func downtimeWindow() async throws {
        let server = FeedServer(options: FeedServerOptions(port: 0))
        let port = try server.start()
        defer { server.stop() }
        let liked = try await onOwnThread {
            try RawClient(port: port).request("PUT", "/v1/posts/p2/like", body: #"{"liked":true}"#).status
        }
        #expect(liked == 200)
        server.stop()
        #expect(server.port == nil)
        #expect(throws: RawClientError.self) { _ = try RawClient(port: port) }
        #expect(try server.start() == port)
        let read = try await onOwnThread {
            try RawClient(port: port).request("GET", "/v1/likes?postIds=p2")
        }
        #expect(read.status == 200)
        #expect(String(decoding: read.body, as: UTF8.self) == #"{"liked":["p2"]}"#)
        #expect(server.changedLikeStates()["p2"]?.liked == true)
    }
}
