import Testing
import TerminalUI
import TerminalUIInterface

@Suite struct KeyDecoderTests {
    private func keys(_ text: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(Array(text.utf8))
    }

    @Test func lettersAndControls() {
        #expect(keys("jkqG ?") == [.character("j"), .character("k"), .character("q"), .character("G"), .character(" "), .character("?")])
        #expect(keys("\u{3}") == [.interrupt])
        #expect(keys("\r\t\u{7F}") == [.enter, .tab, .backspace])
    }

    @Test func arrowsPagesHomeAndEndInEveryCommonForm() {
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
        #expect(keys("\u{1B}OA\u{1B}OB") == [.up, .down])
        #expect(keys("\u{1B}[5~\u{1B}[6~") == [.pageUp, .pageDown])
        #expect(keys("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~\u{1B}OH\u{1B}OF") == [.home, .end, .home, .end, .home, .end, .home, .end])
        #expect(keys("\u{1B}[1;5A") == [.up])
        #expect(keys("\u{1B}[15~\u{1B}OP") == [.function(5), .function(1)])
    }

    @Test func aSequenceSplitAcrossReadsWaitsForItsRest() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("j\u{1B}".utf8)) == [.character("j")])
        #expect(decoder.hasPending)
        #expect(decoder.decode(Array("[".utf8)) == [])
        #expect(decoder.decode(Array("6".utf8)) == [])
        #expect(decoder.decode(Array("~k".utf8)) == [.pageDown, .character("k")])
        #expect(!decoder.hasPending)
    }

    @Test func aLoneEscapeIsTheEscapeKeyAfterAPause() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.flush() == [.escape])
        #expect(decoder.flush() == [])
        #expect(decoder.decode([0x1B, 0x1B]) == [.escape])
        #expect(decoder.flush() == [.escape])
    }

    @Test func utf8SplitAcrossReads() {
        var decoder = KeyDecoder()
        let bytes = Array("é東".utf8)
        #expect(decoder.decode(bytes[0..<1]) == [])
        #expect(decoder.decode(bytes[1..<3]) == [.character("é")])
        #expect(decoder.decode(bytes[3...]) == [.character("東")])
    }

    @Test func garbageIsSkipped() {
        #expect(keys("\u{1B}[99~x") == [.character("x")])
        var decoder = KeyDecoder()
        #expect(decoder.decode([0xFF, 0x80, UInt8(ascii: "a")]) == [.character("a")])
        #expect(decoder.decode([0xE6, UInt8(ascii: "b")]) == [.character("b")])
    }

    @Test func escThenAPrintableKeyIsEscAndThatKey() {
        #expect(keys("\u{1B}j") == [.escape, .character("j")])
        #expect(keys("\u{1B}q") == [.escape, .character("q")])
        // The second Esc may start a sequence: it waits for the pause (`flush`).
        #expect(keys("\u{1B}\u{1B}") == [.escape])
        #expect(keys("\u{1B}\u{1B}[A") == [.escape, .up])
        #expect(keys("\u{1B}\r") == [.escape, .enter])
        #expect(keys("\u{1B}é") == [.escape, .character("é")])
        #expect(keys("\u{1B}jk") == [.escape, .character("j"), .character("k")])
    }

    @Test func escThenBytesOfARealSequenceIsThatSequence() {
        #expect(keys("\u{1B}[A") == [.up])
        #expect(keys("\u{1B}OA") == [.up])
        #expect(keys("\u{1B}[6~j") == [.pageDown, .character("j")])
        // Esc O then a byte that ends no SS3 sequence: Esc, then the keys typed after it.
        #expect(keys("\u{1B}O\r") == [.escape, .character("O"), .enter])
    }

    @Test func escSplitFromItsKeyAcrossReadsIsStillBoth() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.decode([UInt8(ascii: "j")]) == [.escape, .character("j")])
        #expect(!decoder.hasPending)
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.flush() == [.escape])
    }
}
