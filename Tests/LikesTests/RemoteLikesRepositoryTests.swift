import FeedInterface
import Foundation
import LikesInterface
import Networking
import NetworkingTesting
import Testing
@testable import Likes

@Suite struct RemoteLikesRepositoryTests {
    @Test func readsLikedIDsAmongTheAskedOnes() async throws {
        let http = FakeHTTPClient.json(#"{"liked":["p1","p3","p404"]}"#)
        let repository = RemoteLikesRepository(http: http)
        let liked = try await repository.likedIDs(among: ["p1", "p2", "p3"])
        #expect(liked == ["p1", "p3"])
        let request = try #require(await http.requests.first)
        #expect(request.method == .get)
        #expect(request.path == "/v1/likes")
        #expect(request.query == [URLQueryItem(name: "postIds", value: "p1,p2,p3")])
    }

    @Test func splitsLongListsIntoRequestsOfAtMostAHundredIDs() async throws {
        let http = FakeHTTPClient.json(#"{"liked":[]}"#)
        let repository = RemoteLikesRepository(http: http)
        _ = try await repository.likedIDs(among: (1...250).map { PostID("p\($0)") })
        let sizes = await http.requests.map { $0.query[0].value!.split(separator: ",").count }
        #expect(sizes == [100, 100, 50])
    }

    @Test func savesTheFinalStateWithAnIdempotentPutAndReturnsTheServersReply() async throws {
        let http = FakeHTTPClient.json(#"{"liked":true,"likeCount":413}"#)
        let repository = RemoteLikesRepository(http: http)
        let result = try await repository.setLiked(true, post: "p 7/x")
        #expect(result == LikeResult(liked: true, likeCount: 413))
        let request = try #require(await http.requests.first)
        #expect(request.method == .put)
        #expect(request.path == "/v1/posts/p%207%2Fx/like")
        #expect(request.isIdempotent)
        let body = try JSONSerialization.jsonObject(with: try #require(request.body)) as? [String: Bool]
        #expect(body == ["liked": true])
    }

    @Test func aRefusalThrowsTheStatus() async {
        let repository = RemoteLikesRepository(http: FakeHTTPClient.json(#"{"error":"forbidden"}"#, status: 403))
        await #expect(throws: LikeError.refused(reason: "the server answered 403")) {
            try await repository.setLiked(true, post: "p1")
        }
    }

    @Test(arguments: ["-1", "1000000000001", "9223372036854775807"])
    func aCountOutOfRangeIsAnUnreadableReplyNotANumber(count: String) async {
        let repository = RemoteLikesRepository(http: FakeHTTPClient.json(#"{"liked":true,"likeCount":\#(count)}"#))
        await #expect(throws: LikeError.self) { try await repository.setLiked(true, post: "p1") }
    }

    @Test func failuresAreSortedByWhatTheyMeanForTheLike() {
        let cases: [(HTTPError, LikeError)] = [
            (.status(code: 403, message: "no"), .refused(reason: "the server answered 403: no")),
            (.status(code: 429, message: nil), .notSent(reason: "the server answered 429")),
            (.status(code: 503, message: nil), .outcomeUnknown(reason: "the server answered 503")),
            (.timeout(seconds: 10), .outcomeUnknown(reason: "the server did not answer within 10 s")),
            (.unreachable(host: "h:1", reason: "connection refused"), .notSent(reason: "cannot reach h:1: connection refused")),
            (.connectionClosed(host: "h:1"), .outcomeUnknown(reason: HTTPError.connectionClosed(host: "h:1").description)),
        ]
        for (error, expected) in cases {
            #expect(RemoteLikesRepository.likeError(error) == expected)
        }
    }
}
