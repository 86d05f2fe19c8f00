import FeedInterface
import Foundation
import Testing

@Suite struct PostExtrasTextTests {
    @Test func commentCountsReadRightForNoneOneAndMany() {
        #expect(CommentsText.format(0) == "no comments")
        #expect(CommentsText.format(-4) == "no comments")
        #expect(CommentsText.format(1) == "1 comment")
        #expect(CommentsText.format(12) == "12 comments")
        #expect(CommentsText.format(1_204) == "1,204 comments")
    }

    @Test func agesAreShortAndRoundDown() {
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        let cases: [(TimeInterval, String)] = [
            (0, "now"), (59, "now"), (-3_600, "now"), (60, "1m"), (3_599, "59m"), (3_600, "1h"), (2 * 3_600 + 59, "2h"),
            (86_399, "23h"), (86_400, "1d"), (3 * 86_400, "3d"), (7 * 86_400, "1w"), (364 * 86_400, "52w"),
            (365 * 86_400, "1y"), (800 * 86_400, "2y"),
        ]
        for (seconds, text) in cases {
            #expect(AgeText.format(now.addingTimeInterval(-seconds), now: now) == text, "\(seconds) s")
        }
        #expect(AgeText.format(Date.distantPast, now: now) == "\(Int(now.timeIntervalSince(.distantPast)) / (365 * 86_400))y")
    }

    @Test func coloursRoundTripThroughHex() {
        #expect(PhotoColor(hex: "#0A1b2C") == PhotoColor(red: 10, green: 27, blue: 44))
        #expect(PhotoColor(red: 10, green: 27, blue: 44).hex == "#0a1b2c")
        for bad in ["", "#", "0a1b2c", "#0a1b2", "#0a1b2c0", "#0a1b2g", " #0a1b2c"] {
            #expect(PhotoColor(hex: bad) == nil, "\(bad)")
        }
    }

    @Test func rowsCarryTheNewFields() {
        let image = ImageRef(
            url: URL(string: "https://img.example/p.jpg")!, width: 1080, height: 1350,
            placeholder: PhotoColor(red: 1, green: 2, blue: 3),
            renditions: [ImageRendition(width: 150, url: URL(string: "https://img.example/p.jpg?w=150")!)])
        let created = Date(timeIntervalSince1970: 1_800_000_000)
        let post = Post(
            id: "p1", author: Author(id: "a", name: "Ana"), caption: "", image: image, likeCount: 1, like: .unknown,
            commentCount: 1, createdAt: created)
        let row = PostRow(post: post)
        #expect(row.comments == "1 comment")
        #expect(row.createdAt == created)
        #expect(row.placeholder == PhotoColor(red: 1, green: 2, blue: 3))
        #expect(row.renditions.map(\.width) == [150])
        #expect(PostRow(post: Post(id: "p2", author: Author(id: "a", name: "Ana"), caption: "", image: image, likeCount: 0, like: .unknown)).comments == nil)
    }

    @Test func outOfRangeExtrasAreIgnoredNotTheirPost() throws {
        let image = ImageRef(url: URL(string: "https://img.example/p.jpg")!, width: 10, height: 10)
        let post = Post(
            id: "p1", author: Author(id: "a", name: "Ana"), caption: "", image: image, likeCount: 1, like: .unknown,
            commentCount: -3, createdAt: Date(timeIntervalSince1970: -1e12))
        let checked = try #require(PostLimits.checked(post))
        #expect(checked.commentCount == nil)
        #expect(checked.createdAt == nil)
    }
}
