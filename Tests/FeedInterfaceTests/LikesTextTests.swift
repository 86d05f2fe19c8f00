import FeedInterface
import Testing

@Suite struct LikesTextTests {
    @Test(arguments: [
        (0, "0 likes"), (1, "1 like"), (2, "2 likes"), (412, "412 likes"), (999, "999 likes"),
        (1000, "1,000 likes"), (1204, "1,204 likes"), (1_234_567, "1,234,567 likes"), (-3, "0 likes"),
    ])
    func formatsCounts(count: Int, text: String) {
        #expect(LikesText.format(count) == text)
    }

    @Test(arguments: [
        (0, "0"), (7, "7"), (999, "999"), (1000, "1,000"), (100_000, "100,000"), (-123, "-123"), (-1234, "-1,234"),
        (Int.max, "9,223,372,036,854,775,807"), (Int.min, "-9,223,372,036,854,775,808"),
    ])
    func groupsThousands(value: Int, text: String) {
        #expect(LikesText.grouped(value) == text)
    }

    @Test func theLargestCountFitsWithItsSuffix() {
        #expect(LikesText.format(Int.max) == "9,223,372,036,854,775,807 likes")
        #expect(CommentsText.format(Int.max) == "9,223,372,036,854,775,807 comments")
    }
}
