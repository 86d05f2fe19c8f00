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
}
