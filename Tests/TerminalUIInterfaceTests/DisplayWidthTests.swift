import Testing
import TerminalUIInterface

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("a", 1), ("~", 1), ("é", 1), ("e\u{301}", 1), ("♥", 1), ("♡", 1),
        ("東", 2), ("한", 2), ("Ａ", 2), ("😀", 2), ("🌃", 2),
        ("♥\u{FE0F}", 2), ("👍🏽", 2), ("👨\u{200D}👩\u{200D}👧", 2), ("🇯🇵", 2), ("1\u{FE0F}\u{20E3}", 2),
        ("\u{1B}", 0), ("\u{7}", 0), ("\u{200B}", 0),
    ] as [(String, Int)])
    func graphemeClusterWidths(text: String, width: Int) {
        let character = try! #require(text.first)
        #expect(text.count == 1, "one cluster: \(text.unicodeScalars.map { String($0.value, radix: 16) })")
        #expect(DisplayWidth.of(character) == width, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func stringWidthSumsItsClusters() {
        #expect(DisplayWidth.of("") == 0)
        #expect(DisplayWidth.of("@ana") == 4)
        #expect(DisplayWidth.of("東京の夜") == 8)
        #expect(DisplayWidth.of("hi 👨‍👩‍👧!") == 6)
        #expect(DisplayWidth.of("Zoë") == 3)
    }

    @Test func scalarsOnTheirOwn() {
        #expect(DisplayWidth.of(Unicode.Scalar(0x301)!) == 0)
        #expect(DisplayWidth.of(Unicode.Scalar(0x4E00)!) == 2)
        #expect(DisplayWidth.of(Unicode.Scalar(0x20000)!) == 2)
        #expect(DisplayWidth.of(Unicode.Scalar(0x41)!) == 1)
    }
}
