import FeedInterface
import Foundation
import Networking
import NetworkingTesting
import Testing
@testable import FeedData

@Suite struct RemotePostsRepositoryTests {
    private static let item = #"{"id":"p1","author":{"id":"a1","name":"Ana"},"caption":"Sunset 🌅","image":{"url":"https://img.feed.example/p1.jpg","width":1080,"height":1350},"likeCount":412}"#

    @Test func mapsItemsWithUnknownHeartsAndPassesTheCursorBackUntouched() async throws {
        let http = FakeHTTPClient.json(#"{"items":[\#(Self.item)],"nextCursor":"b3Bh+cXVl/="}"#)
        let repository = RemotePostsRepository(http: http)
        let page = try await repository.page(after: Cursor("x y&z"))
        let post = try #require(page.posts.first)
        #expect(post.id == "p1")
        #expect(post.author.name == "Ana")
        #expect(post.caption == "Sunset 🌅")
        #expect(post.image?.aspectRatio == 0.8)
        #expect(post.likeCount == 412)
        #expect(post.like == .unknown)
        #expect(page.next == Cursor("b3Bh+cXVl/="))
        let request = try #require(await http.requests.first)
        #expect(request.path == "/v1/feed")
        #expect(request.query == [URLQueryItem(name: "limit", value: "20"), URLQueryItem(name: "cursor", value: "x y&z")])
    }

    @Test func dropsAndCountsItemsMissingRequiredFieldsAndIgnoresUnknownFields() async throws {
        let broken = #"{"id":"p2","caption":"no author","image":{"url":"https://img.feed.example/p2.jpg","width":10,"height":10},"likeCount":1}"#
        let extra = Self.item.replacingOccurrences(of: #""id":"p1""#, with: #""id":"p3","video":{"url":"x"}"#)
        let http = FakeHTTPClient.json(#"{"items":[\#(Self.item),\#(broken),\#(extra)],"nextCursor":null,"serverTime":1}"#)
        let repository = RemotePostsRepository(http: http)
        let page = try await repository.page(after: nil)
        #expect(page.posts.map(\.id) == ["p1", "p3"])
        #expect(page.next == nil)
        #expect(repository.droppedItemCount == 1)
    }

    @Test func aBodyWithoutItemsIsADecodingErrorWithItsPath() async {
        let repository = RemotePostsRepository(http: FakeHTTPClient.json(#"{"items":"nope","nextCursor":null}"#))
        await #expect(throws: FeedError.server(reason: HTTPError.decoding(path: "$.items", reason: "expected Array<Any>").description)) {
            try await repository.page(after: nil)
        }
    }

    @Test func malformedJSONIsADecodingError() async {
        let repository = RemotePostsRepository(http: FakeHTTPClient.json("<html>oops"))
        await #expect(throws: FeedError.server(reason: "unexpected reply from the server at $: not valid JSON")) {
            try await repository.page(after: nil)
        }
    }

    @Test(arguments: [400, 404, 410, 422])
    func aRefusedCursorIsCursorExpiredButARefusedFirstPageIsAServerError(status: Int) async {
        let http = FakeHTTPClient { _ throws(HTTPError) in throw .status(code: status, message: "unknown cursor") }
        let repository = RemotePostsRepository(http: http)
        await #expect(throws: FeedError.cursorExpired) { try await repository.page(after: Cursor("old")) }
        await #expect(throws: FeedError.server(reason: "the server answered \(status): unknown cursor")) {
            try await repository.page(after: nil)
        }
    }

    @Test func unreachableAndTimeoutsAreOfflineAndOtherStatusesAreServerErrors() async {
        let cases: [(HTTPError, FeedError)] = [
            (.unreachable(host: "h:1", reason: "connection refused"), .offline(reason: "cannot reach h:1: connection refused")),
            (.timeout(seconds: 10), .offline(reason: "the server did not answer within 10 s")),
            (.status(code: 401, message: nil), .server(reason: "the server answered 401")),
            (.cancelled, .cancelled),
        ]
        for (thrown, expected) in cases {
            let repository = RemotePostsRepository(http: FakeHTTPClient { _ throws(HTTPError) in throw thrown })
            await #expect(throws: expected) { try await repository.page(after: Cursor("c")) }
        }
    }
}
