import Foundation
import HTTPServer
import Testing
@testable import Networking

@Suite("Path segments are encoded exactly once")
struct PathSegmentTests {
    /// IDs that break a path when encoded by hand, zero or two times.
    static let awkwardIDs = ["pé", "a/b", "100%", "%C3%A9", "a b", "what?", "#1", "a+b", "..", ".", "a;b=c", "李", "🙂"]

    @Test(arguments: [
        ("pé", "p%C3%A9"), ("a/b", "a%2Fb"), ("100%", "100%25"), ("%C3%A9", "%25C3%25A9"), ("a b", "a%20b"),
        ("what?", "what%3F"), ("#1", "%231"), ("a+b", "a%2Bb"), ("..", "%2E%2E"), (".", "%2E"), ("a.b", "a.b"),
        ("p-1_x~", "p-1_x~"),
    ])
    func oneSegment(id: String, encoded: String) {
        #expect(HTTPPath.encode(segment: id) == encoded)
        #expect(HTTPRequest(method: .put, pathSegments: ["v1", "posts", id, "like"]).path == "/v1/posts/\(encoded)/like")
    }

    @Test(arguments: [
        ("/v1/feed", "/v1/feed"), ("v1/feed", "/v1/feed"), ("/v1/photos/p%C3%A9.jpg", "/v1/photos/p%C3%A9.jpg"),
        ("/a b?/c#d", "/a%20b%3F/c%23d"), ("/100%", "/100%25"), ("/%zz%4", "/%25zz%254"), ("/pé", "/p%C3%A9"),
        ("/a:b@c;d=e", "/a:b@c;d=e"),
    ])
    func writtenPathsKeepTheirEscapes(path: String, sent: String) {
        #expect(HTTPPath.normalize(path) == sent)
    }

    @Test func anAbsoluteURLKeepsItsEncodedPath() throws {
        let url = try #require(URL(string: "http://cdn.example/x/p%C3%A9.jpg?w=600"))
        #expect(HTTPRequest.get(url: url).path == "/x/p%C3%A9.jpg")
        #expect(HTTPRequest.get(url: try #require(URL(string: "http://cdn.example"))).path == "/")
    }

    @Test func theServerReceivesTheExactID() async throws {
        let log = RequestLog()
        let server = try LoopbackServer { request in
            _ = await log.record(request)
            return json(200, #"{"liked":true,"likeCount":1}"#)
        }
        defer { server.stop() }
        let client = makeClient(server.baseURL)

        for id in Self.awkwardIDs {
            let request = try HTTPRequest.json(.put, pathSegments: ["v1", "posts", id, "like"], body: ["liked": true])
            _ = try await client.send(request)
            _ = try await client.send(.get(pathSegments: ["v1", "users", id, "posts"], query: [URLQueryItem(name: "limit", value: "2")]))
        }

        let paths = await log.requests.map(\.path)
        let expected = Self.awkwardIDs.flatMap { ["/v1/posts/\($0)/like", "/v1/users/\($0)/posts"] }
        #expect(paths == expected)
    }

    @Test func theRequestLineCarriesOneSegmentPerID() async throws {
        let server = try RawReplyServer(reply: Array(rawHead("HTTP/1.1 200 OK\nContent-Length: 2\nConnection: close\n\n{}").utf8))
        defer { server.stop() }
        let client = makeClient(server.baseURL)

        for id in Self.awkwardIDs {
            _ = try await client.send(HTTPRequest(method: .put, pathSegments: ["v1", "posts", id, "like"]))
        }

        let targets = server.requests.map { $0.split(separator: " ").dropFirst().first.map(String.init) ?? "" }
        let ids = targets.map { target -> String? in
            let segments = target.split(separator: "/", omittingEmptySubsequences: false)
            guard segments.count == 5, segments[1] == "v1", segments[2] == "posts", segments[4] == "like" else { return nil }
            return String(segments[3]).removingPercentEncoding
        }
        #expect(ids == Self.awkwardIDs.map { Optional($0) }, "sent: \(targets)")
    }
}
