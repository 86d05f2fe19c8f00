import FeedInterface
import Foundation
import Networking
import NetworkingTesting
import Testing
@testable import FeedData

/// The optional fields (`commentCount`, `createdAt`, `image.placeholder`, `image.renditions`):
/// read when sane, ignored — never costing the post — when absent, malformed or out of range.
@Suite struct PostExtrasTests {
    private static func item(image extra: String = "", post: String = "") -> String {
        #"{"id":"p1","author":{"id":"a1","name":"Ana"},"caption":"hi","image":{"url":"https://img.example/p.jpg","width":1080,"height":1350\#(extra)},"likeCount":5\#(post)}"#
    }

    private static func post(image extra: String = "", post: String = "") async throws -> Post {
        let json = #"{"items":[\#(item(image: extra, post: post))],"nextCursor":null}"#
        let repository = RemotePostsRepository(http: FakeHTTPClient.json(json))
        let page = try await repository.page(after: nil)
        #expect(repository.droppedItemCount == 0)
        return try #require(page.posts.first)
    }

    @Test func everyNewFieldIsRead() async throws {
        let post = try await Self.post(
            image: ##","placeholder":"#A0b1C2","renditions":[{"width":600,"url":"https://img.example/p.jpg?w=600"},{"width":150,"url":"https://img.example/p.jpg?w=150"}]"##,
            post: #","commentCount":12,"createdAt":"2026-12-01T09:30:00Z""#)
        #expect(post.image?.placeholder == PhotoColor(red: 0xA0, green: 0xB1, blue: 0xC2))
        #expect(post.image?.renditions.map(\.width) == [150, 600])
        #expect(post.image?.renditions.first?.url.absoluteString == "https://img.example/p.jpg?w=150")
        #expect(post.commentCount == 12)
        #expect(post.createdAt == Date(timeIntervalSince1970: 1_796_117_400))
        #expect(post.image?.rendition(atLeast: 300)?.width == 600)
        #expect(post.image?.rendition(atLeast: 2000)?.width == 600)
    }

    @Test func fractionalSecondsAndOffsetsAreRead() async throws {
        let post = try await Self.post(post: #","createdAt":"2026-12-01T09:30:00.250Z""#)
        #expect(post.createdAt.map { abs($0.timeIntervalSince1970 - 1_796_117_400.25) < 0.01 } == true)
    }

    @Test func anOldServerWithoutTheFieldsStillGivesThePost() async throws {
        let post = try await Self.post()
        #expect(post.image?.placeholder == nil)
        #expect(post.image?.renditions.isEmpty == true)
        #expect(post.commentCount == nil)
        #expect(post.createdAt == nil)
    }

    @Test(arguments: [
        #","placeholder":"red""#, ##","placeholder":"#12345""##, ##","placeholder":"#1234567""##, ##","placeholder":"#gg0000""##,
        #","placeholder":12"#, #","placeholder":null"#, ##","placeholder":"#\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9""##,
    ])
    func aBadColourIsIgnored(extra: String) async throws {
        let post = try await Self.post(image: extra)
        #expect(post.image?.placeholder == nil)
    }

    @Test(arguments: [
        #","commentCount":-1"#, #","commentCount":1e300"#, #","commentCount":9223372036854775807"#,
        #","commentCount":"12""#, #","commentCount":1.5"#, #","commentCount":1000000000001"#,
    ])
    func aBadCommentCountIsIgnored(extra: String) async throws {
        let post = try await Self.post(post: extra)
        #expect(post.commentCount == nil)
        #expect(post.likeCount == 5)
    }

    @Test(arguments: [
        #","createdAt":"1969-07-20T20:17:00Z""#, #","createdAt":"9999-12-31T23:59:59Z""#, #","createdAt":"yesterday""#,
        #","createdAt":1796117400"#, #","createdAt":"2026-13-45T99:99:99Z""#,
        #","createdAt":"2026-12-01T09:30:00Z\#(String(repeating: " ", count: 100))""#,
    ])
    func anAbsurdDateIsIgnored(extra: String) async throws {
        let post = try await Self.post(post: extra)
        #expect(post.createdAt == nil)
    }

    @Test func badRenditionsAreSkippedAndTheRestKept() async throws {
        let entries = [
            #"{"width":300,"url":"https://img.example/a.jpg"}"#, #"{"width":0,"url":"https://img.example/b.jpg"}"#,
            #"{"width":-5,"url":"https://img.example/c.jpg"}"#, #"{"width":200,"url":"javascript:alert(1)"}"#,
            #""not an object""#, #"{"width":"wide","url":"https://img.example/d.jpg"}"#, "null",
            #"{"width":300,"url":"https://img.example/duplicate.jpg"}"#, #"{"width":150,"url":"https://img.example/e.jpg"}"#,
        ]
        let post = try await Self.post(image: #","renditions":[\#(entries.joined(separator: ","))]"#)
        #expect(post.image?.renditions.map(\.width) == [150, 300])
        #expect(post.image?.renditions.last?.url.absoluteString == "https://img.example/a.jpg")
    }

    @Test func aHugeRenditionListIsBounded() async throws {
        let entries = (1...5_000).map { #"{"width":\#($0),"url":"https://img.example/p.jpg?w=\#($0)"}"# }
        let post = try await Self.post(image: #","renditions":[\#(entries.joined(separator: ","))]"#)
        #expect(post.image?.renditions.count == PostLimits.renditions)
        #expect(post.image?.renditions.first?.width == 1)
    }

    @Test func renditionsThatAreNotAListAreIgnored() async throws {
        let post = try await Self.post(image: #","renditions":{"width":150}"#)
        #expect(post.image?.renditions.isEmpty == true)
    }
}
