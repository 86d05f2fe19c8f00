import FeedInterface
import Foundation
import Networking
import NetworkingTesting
import Testing
@testable import FeedData

/// Every number and string from the network is range-checked at the DTO boundary: an item out
/// of range is dropped and counted like any bad item, text is cut, the page survives.
@Suite struct HostileItemsTests {
    private static func item(id: String = "p1", width: String = "1080", height: String = "1350", likes: String = "5", url: String = "https://img.example/p.jpg", caption: String = "hi") -> String {
        #"{"id":"\#(id)","author":{"id":"a1","name":"Ana"},"caption":"\#(caption)","image":{"url":"\#(url)","width":\#(width),"height":\#(height)},"likeCount":\#(likes)}"#
    }

    private static func page(_ items: [String], next: String = "null") async throws -> (FeedPage, Int) {
        let repository = RemotePostsRepository(http: FakeHTTPClient.json(#"{"items":[\#(items.joined(separator: ","))],"nextCursor":\#(next)}"#))
        let page = try await repository.page(after: nil)
        return (page, repository.droppedItemCount)
    }

    @Test(arguments: [
        item(width: "9223372036854775807", height: "1"), item(width: "4e18"), item(height: "9223372036854775807"),
        item(width: "0"), item(height: "-3"), item(width: "100001"), item(likes: "9223372036854775807"),
        item(likes: "1000000000001"), item(likes: "-1"), item(likes: "1e300"), item(id: ""),
        item(id: String(repeating: "x", count: 300)), item(url: "javascript:alert(1)"), item(url: "/relative.jpg"),
    ])
    func anItemOutOfRangeIsDroppedAndCounted(bad: String) async throws {
        let (page, dropped) = try await Self.page([Self.item(id: "good"), bad])
        #expect(page.posts.map(\.id) == ["good"])
        #expect(dropped == 1)
    }

    @Test func theEndsOfEveryRangeAreKept() async throws {
        let (page, dropped) = try await Self.page([Self.item(width: "1", height: "100000", likes: "1000000000000")])
        #expect(page.posts.first?.likeCount == 1_000_000_000_000)
        #expect(dropped == 0)
    }

    @Test func aMegabyteCaptionIsCutToASaneLength() async throws {
        let (page, _) = try await Self.page([Self.item(caption: String(repeating: "a", count: 1_000_000))])
        let caption = try #require(page.posts.first?.caption)
        #expect(caption.count == PostLimits.captionCharacters + 1)
        #expect(caption.hasSuffix("…"))
    }

    @Test func aPageOfTooManyItemsKeepsTheFirstTwoHundred() async throws {
        let items = (1...250).map { Self.item(id: "p\($0)") }
        let (page, dropped) = try await Self.page(items)
        #expect(page.posts.count == PostLimits.postsPerPage)
        #expect(page.posts.last?.id == "p200")
        #expect(dropped == 50)
    }

    @Test func anOversizedCursorEndsTheFeed() async throws {
        let (page, _) = try await Self.page([Self.item()], next: "\"\(String(repeating: "c", count: 5_000))\"")
        #expect(page.next == nil)
    }
}
