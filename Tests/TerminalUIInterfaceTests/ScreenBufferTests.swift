import Testing
import TerminalUIInterface

@Suite struct ScreenBufferTests {
    @Test func writesClipAtTheEdgeAndAtTheLimit() {
        var buffer = ScreenBuffer(size: TerminalSize(columns: 6, rows: 2))
        #expect(buffer.write("abcdefgh", row: 0, column: 2) == 4)
        #expect(buffer.write("xyz", row: 1, column: 0, maxColumns: 2) == 2)
        #expect(buffer.plainText == "  abcd\nxy")
    }

    @Test func aWideGraphemeCoversTwoCellsAndNeverSplits() {
        var buffer = ScreenBuffer(size: TerminalSize(columns: 5, rows: 1))
        #expect(buffer.write("東京の", row: 0, column: 0) == 4)
        #expect(buffer[0, 0].width == 2)
        #expect(buffer[0, 1].isContinuation)
        #expect(buffer.text(row: 0) == "東京")
        // Writing over the right half of 京 blanks its left half.
        buffer.write("x", row: 0, column: 3)
        #expect(buffer.text(row: 0) == "東 x")
        #expect(!buffer[0, 2].isContinuation && buffer[0, 2].width == 1)
    }

    @Test func controlsNeverReachACell() {
        var buffer = ScreenBuffer(size: TerminalSize(columns: 10, rows: 1))
        buffer.write("a\u{1B}b\u{7}c", row: 0, column: 0)
        #expect(buffer.text(row: 0) == "abc")
    }

    @Test func outsideTheGridNothingIsWritten() {
        var buffer = ScreenBuffer(size: TerminalSize(columns: 3, rows: 1))
        #expect(buffer.write("a", row: 1, column: 0) == 0)
        #expect(buffer.write("a", row: -1, column: 0) == 0)
        #expect(buffer.write("a", row: 0, column: 3) == 0)
        #expect(buffer.plainText == "")
    }

    @Test func restyleKeepsTheText() {
        var buffer = ScreenBuffer(size: TerminalSize(columns: 4, rows: 1))
        buffer.write("abcd", row: 0, column: 0)
        buffer.restyle(row: 0, columns: 1..<3) { $0.bold = true }
        #expect(buffer.text(row: 0) == "abcd")
        #expect(buffer[0, 1].style.bold && buffer[0, 2].style.bold && !buffer[0, 3].style.bold)
    }

    @Test("columns wholly past the edge fill and restyle nothing; a size from outside is bounded")
    func rangesPastTheEdgeAndHugeSizes() {
        var buffer = ScreenBuffer(size: TerminalSize(columns: 1, rows: 2))
        buffer.fill(row: 0, columns: 2..<6, style: Style(background: .rgb(red: 1, green: 2, blue: 3)))
        buffer.restyle(row: 1, columns: 7..<9) { $0.inverse = true }
        buffer.fill(row: 0, columns: -5..<(-2))
        #expect(buffer[0, 0].style.background == nil && !buffer[1, 0].style.inverse)
        let huge = TerminalSize(columns: .max, rows: .max)
        #expect(huge.columns == TerminalSize.maxSide && huge.rows == TerminalSize.maxSide)
        #expect(TerminalSize(columns: .min, rows: -1) == TerminalSize(columns: 1, rows: 1))
    }
}
