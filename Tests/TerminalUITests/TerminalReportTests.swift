import Testing

@testable import TerminalUI

/// `feed flags`' terminal lines: what was picked for photos and colours, why, and what would help.
@Suite struct TerminalReportTests {
    @Test func insideTmuxItSaysWhyAndHowToGetTruecolour() {
        let lines = TerminalReport.lines(environment: ["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color"])
        #expect(lines.first == "graphics: blocks (inside tmux or screen, which do not pass kitty graphics through)")
        #expect(lines.contains { $0.hasPrefix("colours: 256 (COLORTERM=(unset)") })
        #expect(lines.contains { $0.contains("terminal-features ',*:RGB'") && $0.contains("COLORTERM=truecolor") })
        #expect(lines.contains { $0.contains("tmux 3.4") })
    }

    @Test func aKnownTerminalNeedsNoAdvice() {
        let kitty = TerminalReport.lines(environment: ["KITTY_WINDOW_ID": "1", "TERM": "xterm-kitty", "COLORTERM": "truecolor"])
        #expect(kitty == ["graphics: kitty (KITTY_WINDOW_ID is set)", "colours: 24-bit (COLORTERM=truecolor)"])
        let foot = TerminalReport.lines(environment: ["TERM": "foot", "COLORTERM": "24bit"])
        #expect(foot == ["graphics: sixel (TERM=foot, TERM_PROGRAM=(unset))", "colours: 24-bit (COLORTERM=24bit)"])
    }

    @Test func noColourAndHostileValuesAreShownCleaned() {
        let lines = TerminalReport.lines(environment: ["NO_COLOR": "1", "TERM": "xterm\u{1B}]52;c;AAAA\u{7}" + String(repeating: "x", count: 100)])
        #expect(lines.contains("colours: none (NO_COLOR is set)"))
        #expect(lines.allSatisfy { $0.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) } }, "\(lines)")
        #expect(lines[0].contains("TERM=xterm]52;c;AAAA" + String(repeating: "x", count: 25) + ","), "at most 40 characters: \(lines[0])")
    }
}
