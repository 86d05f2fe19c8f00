import Testing
@testable import TerminalUI
@testable import TerminalUIInterface

@Suite struct FrameDiffTests {
    let size = TerminalSize(columns: 10, rows: 3)

    @Test func theSameFrameSendsNothing() {
        var frame = ScreenBuffer(size: size)
        frame.write("hello", row: 1, column: 2, style: Style(foreground: .red))
        #expect(FrameDiff.encode(from: frame, to: frame, colors: true) == "")
    }

    @Test func onlyChangedCellsAreSent() {
        var old = ScreenBuffer(size: size)
        old.write("♡ 12 likes", row: 2, column: 0)
        var new = old
        new.write("♥", row: 2, column: 0, style: Style(foreground: .red, bold: true))
        new.write("3", row: 2, column: 3)
        let text = FrameDiff.encode(from: old, to: new, colors: true)
        #expect(text == "\u{1B}[3;1H\u{1B}[0;1;31m♥\u{1B}[3;4H\u{1B}[0m3")
    }

    @Test func aFirstFrameClearsAndSendsEverything() {
        var frame = ScreenBuffer(size: size)
        frame.write("ab", row: 0, column: 0)
        let text = FrameDiff.encode(from: nil, to: frame, colors: true)
        #expect(text.hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"))
        #expect(text.hasSuffix("\u{1B}[1;1Hab"))
    }

    @Test func anotherSizeRedrawsWhole() {
        let small = ScreenBuffer(size: TerminalSize(columns: 5, rows: 2))
        var frame = ScreenBuffer(size: size)
        frame.write("x", row: 2, column: 9)
        let text = FrameDiff.encode(from: small, to: frame, colors: true)
        #expect(text.contains("\u{1B}[2J"))
        #expect(text.contains("\u{1B}[3;10Hx"))
    }

    @Test func withoutColourOnlyAttributesAreSent() {
        var old = ScreenBuffer(size: size)
        old.write("a", row: 0, column: 0)
        var new = ScreenBuffer(size: size)
        new.write("b", row: 0, column: 0, style: Style(foreground: .red, dim: true))
        let text = FrameDiff.encode(from: old, to: new, colors: false)
        #expect(text == "\u{1B}[1;1H\u{1B}[0;2mb\u{1B}[0m")
    }

    @Test func aChangedWideGraphemeIsSentOnceWholeOverTwoBlankedColumns() {
        var old = ScreenBuffer(size: size)
        old.write("ab", row: 0, column: 0)
        var new = ScreenBuffer(size: size)
        new.write("東", row: 0, column: 0)
        let text = FrameDiff.encode(from: old, to: new, colors: true)
        // Both columns are blanked first, so a terminal that draws it narrower keeps no stale "b".
        #expect(text == "\u{1B}[1;1H\u{1B}[0m  \u{1B}[1;1H東")
    }

    @Test func theCellAfterANonASCIIGraphemeIsAddressedExplicitly() {
        var old = ScreenBuffer(size: size)
        old.write("xxx", row: 0, column: 0)
        var new = ScreenBuffer(size: size)
        new.write("❤️a", row: 0, column: 0)
        let text = FrameDiff.encode(from: old, to: new, colors: false)
        // Terminals disagree on the width of ❤️ (two scalars); "a" must land in column 3 anyway.
        #expect(text.hasSuffix("\u{1B}[1;3Ha"), "\(text.debugDescription)")
    }

    @Test func theWriterSendsDiffsAndAllAfterInvalidate() throws {
        var sent: [String] = []
        let writer = ScreenWriter(colors: true) { sent.append($0) }
        var frame = ScreenBuffer(size: size)
        frame.write("one", row: 0, column: 0)
        try writer.draw(frame)
        try writer.draw(frame)
        #expect(sent.count == 1, "an unchanged frame sends nothing")
        frame.write("two", row: 0, column: 0)
        try writer.draw(frame)
        #expect(sent.last == "\u{1B}[1;1H\u{1B}[0mtwo")
        writer.invalidate()
        try writer.draw(frame)
        #expect(sent.last?.contains("\u{1B}[2J") == true)
    }
}
