@testable import FeedServer
import Foundation
import HTTPServer
import Networking
import Synchronization
import Testing

private struct Counts: Decodable { var likeCounts: [String: Int]; var liked: [String] }

/// `GET /v1/live` and `GET /v1/posts/like-counts`: the event buffer's resume and reset rules, the
/// counts read, and the stream on the wire (likes events with IDs, a reset for an old `since`, the
/// keep-alive comment, 503 while switched off).
@Suite("FeedServer live")
struct FeedLiveTests {
    /// Reads `GET /v1/live?QUERY` from the server on `port` until `done` holds for what arrived.
    private static func read(_ port: UInt16, _ query: String, until done: @escaping @Sendable (String) -> Bool, during: @escaping @Sendable () -> Void = {}) async throws -> String {
        var request = HTTPRequest.get("/v1/live")
        request.query = query.split(separator: "&").map { part in
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            return URLQueryItem(name: pair[0], value: pair.count > 1 ? pair[1] : "")
        }
        return try await readStream(port, request, until: done, during: during)
    }

    @Test("the buffer resumes after an event, and resets a since older than it keeps or newer than any sent")
    func hubRules() {
        let hub = LiveHub()
        for number in 1...5 { hub.publish("likes", "\(number)") }
        #expect(hub.next(after: 2, timeout: 0) == .events([
            LiveHub.Event(id: 3, name: "likes", data: "3"), LiveHub.Event(id: 4, name: "likes", data: "4"), LiveHub.Event(id: 5, name: "likes", data: "5"),
        ]))
        #expect(hub.next(after: 5, timeout: 0) == .events([]))
        #expect(hub.next(after: 9, timeout: 0) == .reset(latest: 5))
        for number in 6...(LiveHub.capacity + 10) { hub.publish("likes", "\(number)") }
        #expect(hub.next(after: 1, timeout: 0) == .reset(latest: LiveHub.capacity + 10))
        #expect(hub.next(after: 11, timeout: 0).isEvents, "the oldest kept follows 11")
    }

    @Test("GET /v1/posts/like-counts answers the counts of known posts, at most 100")
    func likeCounts() async throws {
        let router = FeedRouter(options: FeedServerOptions(), log: nil)
        let answer = await call(router, "/v1/posts/like-counts", query: [("postIds", "p1,p2,nope,p1")])
        #expect(answer.status == 200)
        let counts = try decode(Counts.self, answer).likeCounts
        #expect(Set(counts.keys) == ["p1", "p2"])
        #expect(counts["p1"] == router.likeState(of: "p1")?.likeCount)
        #expect(await call(router, "/v1/posts/like-counts").status == 400)
        let many = (1...101).map { "p\($0)" }.joined(separator: ",")
        #expect(await call(router, "/v1/posts/like-counts", query: [("postIds", many)]).status == 400)
        #expect(await call(router, "/v1/live", query: [("since", "-3")]).status == 400)
        router.update { $0.flags["live-updates"] = false }
        #expect(await call(router, "/v1/live").status == 503)
    }

    @Test("on the wire: likes events with their IDs, a reset for an old since, and the keep-alive comment")
    func wire() async throws {
        var options = FeedServerOptions(port: 0)
        options.faults.liveKeepAliveMS = 50
        let server = FeedServer(options: options)
        let port = try server.start()
        defer { server.stop() }
        let text = try await Self.read(port, "since=0", until: { $0.contains("\"id\":\"p2\"") && $0.contains(": keep-alive") }) {
            server.likeByOthers("p1")
            server.likeByOthers("p2", liking: false)
        }
        #expect(text.hasPrefix("retry: 1000\n\n"))
        let p1 = try #require(server.likeState(of: "p1")?.likeCount)
        #expect(text.contains("id: 1\nevent: likes\ndata: {\"id\":\"p1\",\"likeCount\":\(p1),\"liked\":false,\"version\":1}\n\n"), "the pair and its version")
        #expect(text.contains("id: 2\nevent: likes\n"))
        for _ in 0..<(LiveHub.capacity + 5) { server.likeByOthers("p3") }
        let reset = try await Self.read(port, "since=1", until: { $0.contains("event: reset") })
        #expect(reset.contains("id: \(server.latestLiveEvent)\nevent: reset\ndata: {\"latest\":\(server.latestLiveEvent)}"))
    }

    @Test("new posts and flag changes become events; new-posts counts above the connection's post")
    func newPostsAndFlags() async throws {
        let server = FeedServer(options: FeedServerOptions(port: 0))
        let port = try server.start()
        defer { server.stop() }
        let text = try await Self.read(port, "since=0&above=p1", until: { $0.contains("event: flags") && $0.contains("event: new-posts") }) {
            server.publishNewPosts(2)
            server.update { $0.flags["live-updates"] = true }
        }
        #expect(text.contains("\"above\":\"p1\""))
        #expect(text.contains("\"newest\":\"p502\""))
        #expect(text.contains("data: {\"flags\":{\"live-updates\":true}}"))
    }
}

extension LiveHub.Next {
    var isEvents: Bool { if case .events(let events) = self { !events.isEmpty } else { false } }
}
