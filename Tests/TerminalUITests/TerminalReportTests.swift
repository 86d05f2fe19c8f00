import Testing

@testable import TerminalUI

/// `feed flags`' terminal lines: what was picked for photos and colours, why, and what would help.
@Suite struct TerminalReportTests {
    @Test func insideTmuxItSaysWhyAndHowToGetTruecolour() {
        let lines = TerminalReport.lines(environment: ["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color"])
        #expect(lines.first == "terminal: not asked (input or output is not a terminal)")
        #expect(lines[1] == "graphics: blocks (inside tmux or screen, which do not pass kitty graphics through)")
        #expect(lines.contains { $0.hasPrefix("symbols: quadrant") })
        #expect(lines.contains { $0.hasPrefix("colours: 256 (COLORTERM=(unset)") })
        #expect(lines.contains { $0.contains("terminal-features ',*:RGB'") && $0.contains("COLORTERM=truecolor") })
        #expect(lines.contains { $0.contains("tmux 3.4") })
    }

    @Test func aKnownTerminalNeedsNoAdvice() {
        let kitty = TerminalReport.lines(environment: ["KITTY_WINDOW_ID": "1", "TERM": "xterm-kitty", "COLORTERM": "truecolor"])
        #expect(Array(kitty.dropFirst()) == [
            "graphics: kitty (KITTY_WINDOW_ID is set)", "colours: 24-bit (COLORTERM=truecolor)",
            "symbols: sextant (the terminal draws sextants itself: TERM=xterm-kitty, TERM_PROGRAM=(unset))",
            "theme: dark (no background reported; `--theme light` for a light terminal)",
        ])
        let foot = TerminalReport.lines(environment: ["TERM": "foot", "COLORTERM": "24bit", "COLORFGBG": "0;15"])
        #expect(Array(foot.dropFirst()) == [
            "graphics: sixel (TERM=foot, TERM_PROGRAM=(unset))", "colours: 24-bit (COLORTERM=24bit)",
            "symbols: sextant (the terminal draws sextants itself: TERM=foot, TERM_PROGRAM=(unset))", "theme: light (COLORFGBG=0;15)",
        ])
    }

    @Test func theTerminalsAnswersAreSaidAndUsed() {
        var answers = TerminalAnswers()
        answers.answered = true
        answers.sixel = true
        answers.trueColor = true
        answers.background = (250, 250, 250)
        let lines = TerminalReport.lines(environment: ["TERM": "xterm-256color"], answers: answers)
        #expect(lines == [
            "terminal: answered: sixel yes, kitty graphics no, 24-bit colour yes",
            "graphics: sixel (the terminal's DA1 answer lists sixel)",
            "colours: 24-bit (the terminal gave back a 24-bit colour; COLORTERM=(unset))",
            "symbols: quadrant (sextants only where the terminal is known to draw them; try `--symbols sextant` if your font has them)",
            "theme: light (the terminal's background is #fafafa)",
        ])
        let silent = TerminalReport.lines(environment: ["TERM": "xterm-256color"], answers: TerminalAnswers())
        #expect(silent.first == "terminal: no answer within 100 ms (the environment alone decides)")
    }

    @Test func noColourAndHostileValuesAreShownCleaned() {
        let lines = TerminalReport.lines(environment: ["NO_COLOR": "1", "TERM": "xterm\u{1B}]52;c;AAAA\u{7}" + String(repeating: "x", count: 100)])
        #expect(lines.contains("colours: none (NO_COLOR is set)"))
        #expect(lines.allSatisfy { $0.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) } }, "\(lines)")
        #expect(lines[1].contains("TERM=xterm]52;c;AAAA" + String(repeating: "x", count: 25) + ","), "at most 40 characters: \(lines[1])")
    }
}
