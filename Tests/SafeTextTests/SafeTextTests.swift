import Testing

@testable import SafeText

@Suite("SafeText: strings from outside made safe for a terminal and a log")
struct SafeTextTests {
    /// An OSC 52 clipboard write, a CSI colour, a bell, a bidi override and a C1 control.
    static let hostile = "a\u{1B}]52;c;ZXZpbA==\u{07}b\u{1B}[31mc\u{202E}d\u{9B}e\r\nf"

    @Test func aLineHasNoEscapeNoControlAndNoLineBreak() {
        let line = SafeText.line(Self.hostile)
        #expect(!line.unicodeScalars.contains { SafeText.isHidden($0) })
        #expect(!line.contains("\n") && !line.contains("\r"))
        #expect(line == "a ]52;c;ZXZpbA== b [31mc d e f")
    }

    @Test func aLineIsTrimmedCollapsedAndCut() {
        #expect(SafeText.line("  a \t\t b  ") == "a b")
        #expect(SafeText.line(String(repeating: "x", count: 500), limit: 10) == "xxxxxxxxx…")
        #expect(SafeText.line("", limit: 10) == "")
        // An endless run of controls costs a bounded read.
        #expect(SafeText.line(String(repeating: "\u{1B}", count: 100_000) + "tail", limit: 5) == "")
    }

    @Test func escapedKeepsEveryScalarVisible() {
        let escaped = SafeText.escaped(Self.hostile, limit: 100)
        #expect(!escaped.unicodeScalars.contains { SafeText.isHidden($0) })
        #expect(escaped.hasPrefix("a\\u{1b}]52;c;ZXZpbA==\\u{7}b"))
        #expect(escaped.contains("\\u{202e}") && escaped.contains("\\u{9b}"))
        #expect(SafeText.escaped("abcdef", limit: 3) == "abc…")
    }

    @Test func linesKeepTheirBreaksButNothingElse() {
        let text = SafeText.lines("one\u{1B}[2J\n  two\u{07}\t!\r\n\nthree", limit: 100)
        #expect(text == "one [2J\n  two \t! \n\nthree")
        #expect(SafeText.lines(String(repeating: "x\n", count: 10), maxLines: 3) == "x\nx\nx\n…")
    }

    @Test func wideAndCombinedCharactersStay() {
        #expect(SafeText.line("Björk 東京 👩‍👩‍👧") == "Björk 東京 👩‍👩‍👧")
        #expect(SafeText.line("a\u{200B}b\u{2066}c") == "a b c")
        #expect(SafeText.escaped("é") == "é")
    }
}
