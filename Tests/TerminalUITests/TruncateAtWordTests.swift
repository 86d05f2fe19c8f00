import Testing
import TerminalUI

@Suite struct TruncateAtWordTests {
    @Test func aLongMessageEndsAtAWordBoundaryWithAnEllipsis() {
        let text = "Couldn't like the post: the server did not answer in time"
        #expect(TextLayout.truncateAtWord(text, width: 30) == "Couldn't like the post: the…")
        #expect(TextLayout.truncateAtWord(text, width: 26) == "Couldn't like the post…")
        // Plain truncation would cut "server" in half here.
        #expect(TextLayout.truncate(text, width: 32) == "Couldn't like the post: the ser…")
        #expect(TextLayout.truncateAtWord(text, width: 32) == "Couldn't like the post: the…")
    }

    @Test func aCutRightAfterAWordKeepsThatWord() {
        #expect(TextLayout.truncateAtWord("one two three", width: 8) == "one two…")
        #expect(TextLayout.truncateAtWord("one two three", width: 9) == "one two…")
    }

    @Test func textThatFitsIsUntouchedEvenWhenItEndsInAnEllipsis() {
        #expect(TextLayout.truncateAtWord("Loading more…", width: 13) == "Loading more…")
        #expect(TextLayout.truncateAtWord("short", width: 40) == "short")
    }

    @Test func aSingleWordTooWideIsCutAsTruncateWould() {
        #expect(TextLayout.truncateAtWord("Supercalifragilistic", width: 8) == "Superca…")
        #expect(TextLayout.truncateAtWord("Supercalifragilistic and more", width: 8) == "Superca…")
    }

    @Test func wideCharactersAndAsciiEllipsis() {
        #expect(TextLayout.truncateAtWord("東京 の夕焼け です", width: 9, ellipsis: "...") == "東京...")
        #expect(TextLayout.truncateAtWord("one two three", width: 10, ellipsis: "...") == "one two...")
        #expect(TextLayout.truncateAtWord("anything", width: 0) == "")
    }
}
