import Testing
import TerminalUI
import TerminalUIInterface

@Suite struct TextLayoutTests {
    @Test func wrapsAtSpacesByDisplayWidth() {
        #expect(TextLayout.wrap("the quick brown fox jumps", width: 10) == ["the quick", "brown fox", "jumps"])
        #expect(TextLayout.wrap("東京の夜 雨上がりの街", width: 9) == ["東京の夜", "雨上がり", "の街"])
    }

    @Test func everyLineFitsItsWidth() {
        let text = "Morning light 🌅 over the 東京 harbour, rain after 👨‍👩‍👧 dinner; supercalifragilisticexpialidocious!"
        for width in 1...30 {
            for line in TextLayout.wrap(text, width: width) {
                #expect(DisplayWidth.of(line) <= max(width, 2), "width \(width): '\(line)'")
            }
        }
    }

    @Test func breaksAWordLongerThanALine() {
        #expect(TextLayout.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    }

    @Test func everyKindOfLineBreakStartsANewLine() {
        #expect(TextLayout.wrap("a\r\nb\rc\nd", width: 10) == ["a", "b", "c", "d"])
    }

    @Test func keepsNewlinesAndDropsControls() {
        #expect(TextLayout.wrap("one\ntwo", width: 20) == ["one", "two"])
        #expect(TextLayout.wrap("evil\u{1B}[2Jtext\tend", width: 40) == ["evil[2Jtext end"])
        #expect(TextLayout.sanitized("a\u{7}b\u{9B}c") == "abc")
    }

    @Test func truncatesWithAnEllipsisByDisplayWidth() {
        #expect(TextLayout.truncate("hello", width: 5) == "hello")
        #expect(TextLayout.truncate("hello world", width: 8) == "hello w…")
        #expect(TextLayout.truncate("東京の夜", width: 5) == "東京…")
        #expect(TextLayout.truncate("東京の夜", width: 6, ellipsis: "...") == "東...")
        #expect(TextLayout.truncate("abc", width: 0) == "")
    }

    @Test func maxLinesKeepsTheFirstLines() {
        #expect(TextLayout.wrap("the quick brown fox jumps", width: 10, maxLines: 2) == ["the quick", "brown fox"])
        #expect(TextLayout.wrap("abcdefghij", width: 4, maxLines: 1) == ["abcd"])
        #expect(TextLayout.wrap("abc", width: 4, maxLines: 0) == [])
        #expect(TextLayout.wrap("one", width: 10, maxLines: 3) == ["one"])
    }

    @Test func maxLinesStillDropsTrailingEmptyLines() {
        #expect(TextLayout.wrap("a\n\n\n", width: 5, maxLines: 3) == ["a"])
        #expect(TextLayout.wrap("a\n\n\nb", width: 5, maxLines: 3) == ["a", "", ""])
        #expect(TextLayout.wrap("\n\n", width: 5, maxLines: 2) == [""])
    }

    @Test func aHugeCaptionWithoutSpacesWrapsIntoItsFirstLines() {
        let caption = String(repeating: "x", count: 5_000_000)
        let lines = TextLayout.wrap(caption, width: 77, maxLines: 4)
        #expect(lines == Array(repeating: String(repeating: "x", count: 77), count: 4))
        #expect(TextLayout.truncate(caption, width: 10) == "xxxxxxxxx…")
    }
}
