import FeedInterface
import Foundation
import HTTPServer
import LikesInterface
import Networking
import Testing
@testable import Likes

/// `RemoteLikesRepository` over the real HTTP client and a server on 127.0.0.1.
@Suite struct RemoteLikesRepositoryLoopbackTests {
    /// Records each request's method and percent-decoded path.
    actor Received {
        private(set) var requests: [(method: String, path: String)] = []
        func record(_ request: HTTPServerRequest) { requests.append((request.method, request.path)) }
    }

    @Test func everyIDReachesTheServerExactlyAsItIs() async throws {
        let ids = ["pé", "a/b", "100%", "%C3%A9", "a b", "what?", "#1", "a+b", "..", "李小龙"]
        let received = Received()
        let server = HTTPServer(host: "127.0.0.1", port: 0) { request in
            await received.record(request)
            return .json(200, Data(#"{"liked":true,"likeCount":7}"#.utf8))
        }
        let port = try server.start()
        defer { server.stop() }
        let client = HTTPTransportClient(configuration: HTTPClientConfiguration(
            baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")), retry: .none))
        let repository = RemoteLikesRepository(http: client)

        for id in ids {
            #expect(try await repository.setLiked(true, post: PostID(id)) == LikeResult(liked: true, likeCount: 7))
        }

        let requests = await received.requests
        #expect(requests.map(\.method) == Array(repeating: "PUT", count: ids.count))
        #expect(requests.map(\.path) == ids.map { "/v1/posts/\($0)/like" })
    }
}
