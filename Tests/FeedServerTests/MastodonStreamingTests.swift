@testable import FeedServer
import Foundation
import HTTPServer
import Networking
import Testing

/// The Mastodon dialect's streaming (`GET /api/v1/streaming/…`) and `GET /api/v1/statuses?id[]=`:
/// new posts as `update`, like changes as `status.update` (with the user's heart on the user
/// stream only), a greeting at once and `:thump` when quiet.
@Suite("the reference server's Mastodon streaming")
struct MastodonStreamingTests {
    /// Reads the stream at `path` from the server on `port` until `done` holds for what arrived.
    private static func read(
        _ port: UInt16, _ path: String, until done: @escaping @Sendable (String) -> Bool, during: @escaping @Sendable () -> Void = {}
    ) async throws -> String {
        try await readStream(port, HTTPRequest.get(path), until: done, during: during)
    }

    /// The statuses of the stream's `event` messages.
    private static func statuses(_ text: String, event: String) throws -> [[String: Any]] {
        try text.components(separatedBy: "\n\n").compactMap { block -> [String: Any]? in
            guard block.contains("event: \(event)\n"), let data = block.components(separatedBy: "data: ").last else { return nil }
            return try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any]
        }
    }

    @Test("the user stream: a greeting, a like as status.update with the user's heart, a new post as update, :thump when quiet")
    func userStream() async throws {
        var options = FeedServerOptions(port: 0)
        options.faults.liveKeepAliveMS = 50
        let server = FeedServer(options: options)
        let port = try server.start()
        defer { server.stop() }
        let text = try await Self.read(port, "/api/v1/streaming/user", until: { $0.contains("event: update") && $0.contains(":thump") }) {
            server.likeByOthers("p1")
            _ = server.publishNewPosts(1)
        }
        #expect(text.hasPrefix(":)\n"))
        let edited = try #require(try Self.statuses(text, event: "status.update").first)
        #expect(edited["id"] as? String == "1" && edited["favourited"] as? Bool == false)
        #expect(edited["favourites_count"] as? Int == server.likeState(of: "p1")?.likeCount)
        let update = try #require(try Self.statuses(text, event: "update").first)
        #expect(update["id"] as? String == "501", "the new post, status 501")
    }

    @Test("a public stream renders statuses for nobody: no favourited; a hashtag stream only statuses with the tag")
    func publicStreams() async throws {
        let server = FeedServer(options: FeedServerOptions(port: 0))
        let port = try server.start()
        defer { server.stop() }
        let text = try await Self.read(port, "/api/v1/streaming/public/local", until: { $0.contains("event: status.update") }) {
            server.likeByOthers("p2")
        }
        let edited = try #require(try Self.statuses(text, event: "status.update").first)
        #expect(edited["id"] as? String == "2" && edited["favourited"] == nil)
        let router = FeedRouter(options: FeedServerOptions(posts: 5), log: nil)
        #expect(await router.handle(HTTPServerRequest(method: "GET", path: "/api/v1/streaming/hashtag")).status == 400, "a tag is needed")
        // A hashtag stream sends the statuses whose text has the tag, and no other.
        let caption = try #require(try JSONSerialization.jsonObject(with: await router.handle(HTTPServerRequest(method: "GET", path: "/api/v1/statuses/1")).body) as? [String: Any])["content"] as? String
        let word = try #require(caption?.dropFirst(3).split(separator: " ").first.map { String($0.prefix { $0.isLetter }) })
        try #require(!word.isEmpty)
        #expect(router.mastodonStatus(ofPost: "p1", forUser: false, tag: word) != nil)
        #expect(router.mastodonStatus(ofPost: "p1", forUser: false, tag: "nosuchtagxyz") == nil)
        var quiet = FeedServerOptions(port: 0)
        quiet.faults.liveKeepAliveMS = 50
        let tagged = FeedServer(options: quiet)
        let tagPort = try tagged.start()
        defer { tagged.stop() }
        let none = try await readStream(tagPort, HTTPRequest.get("/api/v1/streaming/hashtag", query: [URLQueryItem(name: "tag", value: "nosuchtagxyz")]), until: { $0.components(separatedBy: ":thump").count > 3 }) {
            tagged.likeByOthers("p1")
            _ = tagged.publishNewPosts(2)
        }
        #expect(!none.contains("event:"), "nothing carries the tag: \(none.prefix(200))")
    }

    @Test("posts published together are each an update, oldest first")
    func eachNewPost() async throws {
        let server = FeedServer(options: FeedServerOptions(port: 0))
        let port = try server.start()
        defer { server.stop() }
        let text = try await Self.read(port, "/api/v1/streaming/public", until: { $0.components(separatedBy: "event: update").count > 3 }) {
            _ = server.publishNewPosts(3)
        }
        #expect(try Self.statuses(text, event: "update").compactMap { $0["id"] as? String } == ["501", "502", "503"])
    }

    @Test("id[] reads several statuses, the known ones in the order asked, at most 20")
    func statusesByID() async throws {
        let router = FeedRouter(options: FeedServerOptions(posts: 30), log: nil)
        let asked = ["3", "nope", "1", "-9223372036854775808"] + (4...30).map(String.init)
        let response = await router.handle(HTTPServerRequest(method: "GET", path: "/api/v1/statuses", query: asked.map { ("id[]", $0) }))
        let list = try #require(try JSONSerialization.jsonObject(with: response.body) as? [[String: Any]])
        #expect(list.compactMap { $0["id"] as? String } == ["3", "1"] + (4...19).map(String.init))
        #expect(list.allSatisfy { $0["favourited"] is Bool })
    }

    @Test("every tenth status from the fourth has a content warning, every tenth from the eighth is sensitive")
    func notes() async throws {
        let router = FeedRouter(options: FeedServerOptions(posts: 20), log: nil)
        let response = await router.handle(HTTPServerRequest(method: "GET", path: "/api/v1/timelines/public", query: [("limit", "20")]))
        let list = try #require(try JSONSerialization.jsonObject(with: response.body) as? [[String: Any]])
        let warned = list.filter { ($0["spoiler_text"] as? String)?.isEmpty == false }.compactMap { $0["id"] as? String }
        let sensitive = list.filter { $0["sensitive"] as? Bool == true }.compactMap { $0["id"] as? String }
        #expect(warned.sorted() == ["14", "4"] && sensitive.sorted() == ["18", "8"])
    }
}
