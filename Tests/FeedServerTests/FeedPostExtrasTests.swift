import Foundation
@testable import FeedServer
import Testing

/// `image.placeholder`, `image.renditions`, `commentCount` and `createdAt` as the server sends them.
@Suite struct FeedPostExtrasTests {
    private struct Item: Decodable {
        struct Rendition: Decodable { var width: Int; var url: String }
        struct Image: Decodable { var url: String; var width: Int; var height: Int; var placeholder: String; var renditions: [Rendition] }
        var id: String
        var image: Image
        var commentCount: Int
        var createdAt: String
    }

    private struct Page: Decodable { var items: [Item] }

    private static let start = 1_800_000_000.0

    private static func items(_ router: FeedRouter) async throws -> [Item] {
        try decode(Page.self, await call(router, "/v1/feed", query: [("limit", "100")])).items
    }

    @Test func everyPostHasAColourRenditionsACountAndATime() async throws {
        let router = FeedRouter(options: FeedServerOptions(posts: 100), log: nil, now: { Self.start })
        let items = try await Self.items(router)
        #expect(items.count == 100)
        for item in items {
            #expect(item.image.placeholder.wholeMatch(of: /#[0-9a-f]{6}/) != nil, "\(item.image.placeholder)")
            let widths = item.image.renditions.map(\.width)
            #expect(widths == widths.sorted() && Set(widths).count == widths.count)
            #expect(widths.last == item.image.width)
            #expect(item.image.renditions.last?.url == item.image.url)
            #expect(item.image.renditions.dropLast().allSatisfy { $0.url == "\(item.image.url)?w=\($0.width)" })
            #expect(item.commentCount >= 0)
            let created = try #require(try? Date(item.createdAt, strategy: Date.ISO8601FormatStyle()))
            #expect(created.timeIntervalSince1970 < Self.start)
        }
        // Not all the same: the counts vary (some none, some one) and the colours follow the photos.
        #expect(Set(items.map(\.commentCount)).count > 5)
        #expect(items.contains { $0.commentCount == 0 })
        #expect(Set(items.map(\.image.placeholder)).count > 50)
        // Higher numbers are newer.
        let byNumber = items.sorted { Int($0.id.dropFirst())! < Int($1.id.dropFirst())! }
        #expect(byNumber.first!.createdAt < byNumber.last!.createdAt)
    }

    @Test func theExtrasAreTheSameForTheSameSeedAndTheOtherFieldsDidNotMove() async throws {
        let one = try await Self.items(FeedRouter(options: FeedServerOptions(posts: 30), log: nil, now: { Self.start }))
        let two = try await Self.items(FeedRouter(options: FeedServerOptions(posts: 30), log: nil, now: { Self.start }))
        #expect(one.map(\.image.placeholder) == two.map(\.image.placeholder))
        #expect(one.map(\.commentCount) == two.map(\.commentCount))
        #expect(one.map(\.createdAt) == two.map(\.createdAt))
    }

    @Test func thePlaceholderIsThePhotosMeanColour() async throws {
        let router = FeedRouter(options: FeedServerOptions(posts: 5), log: nil)
        let item = try #require(try await Self.items(router).first)
        let image = PhotoScene(seed: router.seed, id: item.id).render(width: 8, height: 8)
        var red = 0
        for index in stride(from: 0, to: image.pixels.count, by: 3) { red += Int(image.pixels[index]) }
        let expected = String(format: "%02x", red / 64)
        #expect(item.image.placeholder.dropFirst().prefix(2) == Substring(expected))
    }

    @Test func aPostPublishedWhileRunningIsDatedWhenItAppeared() async throws {
        let router = FeedRouter(options: FeedServerOptions(posts: 10), log: nil, now: { Self.start + 500 })
        let ids = router.publishNewPosts(1)
        let item = try #require(try await Self.items(router).first { $0.id == ids.first })
        #expect(item.createdAt == Date(timeIntervalSince1970: Self.start + 500).formatted(Date.ISO8601FormatStyle()))
    }

    @Test func aTinyPhotoOffersOnlyItsOwnWidth() {
        let router = FeedRouter(options: FeedServerOptions(posts: 1), log: nil)
        let post = ServerPost(id: "p1", authorID: "u1", authorName: "A", caption: "", width: 1, height: 1, initialLikeCount: 0, initiallyLiked: false)
        #expect(router.renditions(of: post).map(\.width) == [1])
        let wide = ServerPost(id: "p1", authorID: "u1", authorName: "A", caption: "", width: 1600, height: 900, initialLikeCount: 0, initiallyLiked: false)
        #expect(router.renditions(of: wide).map(\.width) == [150, 300, 600, 1080, 1600])
    }
}
