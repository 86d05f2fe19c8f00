import Foundation
import Testing
import TerminalUI
import TerminalUIInterface
#if canImport(Glibc)
import Glibc
#endif

/// Asking the terminal what it can do: the answers parsed, the choices made from them, and the
/// probe over a real pseudo-terminal, answered or not.
@Suite struct TerminalProbeTests {
    @Test("DA1, the kitty OK, DECRQSS and OSC 11 answers are read, in any order and among other bytes")
    func parsing() throws {
        let xterm = TerminalAnswers.parse(Array("j\u{1B}P1$r0;48:2::1:2:3m\u{1B}\\\u{1B}]11;rgb:ffff/ffff/dddd\u{1B}\\\u{1B}[?63;1;2;4;6;9;15;22c".utf8))
        #expect(xterm.answered && xterm.sixel && xterm.trueColor && !xterm.kittyGraphics)
        let background = try #require(xterm.background)
        #expect(background == (255, 255, 221))
        let kitty = TerminalAnswers.parse(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32;OK\u{1B}\\\u{1B}P1$r48;2;1;2;3m\u{1B}\\\u{1B}]11;rgb:1e/1e/2e\u{07}\u{1B}[?62;c".utf8))
        #expect(kitty.answered && !kitty.sixel && kitty.trueColor && kitty.kittyGraphics && kitty.kittyFiles)
        #expect(kitty.background.map { [$0.red, $0.green, $0.blue] } == [0x1E, 0x1E, 0x2E])
        // tmux: DA1 only (no sixel attribute), DECRQSS refused, no kitty answer.
        let tmux = TerminalAnswers.parse(Array("\u{1B}P0$r\u{1B}\\\u{1B}[?1;2c".utf8))
        #expect(tmux.answered && !tmux.sixel && !tmux.trueColor && !tmux.kittyGraphics && tmux.background == nil)
        // A 256-colour terminal gives back the nearest palette colour, not the 24-bit one.
        #expect(!TerminalAnswers.parse(Array("\u{1B}P1$r48;5;16m\u{1B}\\\u{1B}[?62c".utf8)).trueColor)
        // Nothing, garbage, a cut-off answer, hostile digits.
        #expect(TerminalAnswers.parse([]) == TerminalAnswers())
        #expect(!TerminalAnswers.parse(Array("\u{1B}[?62;4".utf8)).answered)
        #expect(TerminalAnswers.parse(Array("\u{1B}]11;rgb:fffffffff/0/0\u{1B}\\".utf8)).background == nil)
        #expect(TerminalAnswers.parse((0..<10_000).map { UInt8(truncatingIfNeeded: $0 * 7) }).answered == false)
    }

    @Test("auto choices: graphics, colours and the background follow the answers where the environment names nothing")
    func choices() {
        var answers = TerminalAnswers()
        answers.answered = true
        answers.sixel = true
        let tmux = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"]
        #expect(GraphicsMode.detect(environment: tmux, answers: answers) == .sixel)
        #expect(GraphicsMode.detect(environment: tmux, answers: nil) == .blocks)
        #expect(GraphicsMode.detect(environment: ["KITTY_WINDOW_ID": "1"], answers: answers) == .kitty)
        answers.kittyGraphics = true
        #expect(GraphicsMode.detect(environment: ["TERM": "xterm-256color"], answers: answers) == .kitty)
        answers.trueColor = true
        #expect(ColorDepth.detect(environment: ["TERM": "xterm-256color"], answers: answers) == .trueColor)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm-256color"], answers: nil) == .palette256)
        #expect(ColorDepth.detect(environment: ["NO_COLOR": "1"], answers: answers) == ColorDepth.none)
        #expect(TerminalBackground.detect(environment: [:]) == .dark)
        #expect(TerminalBackground.detect(environment: ["COLORFGBG": "15;0"]) == .dark)
        #expect(TerminalBackground.detect(environment: ["COLORFGBG": "0;15"]) == .light)
        #expect(TerminalBackground.detect(environment: ["COLORFGBG": "0;default;7"]) == .light)
        #expect(TerminalBackground.detect(environment: ["COLORFGBG": "0;99"]) == .dark)
        answers.background = (250, 250, 245)
        #expect(TerminalBackground.detect(environment: ["COLORFGBG": "15;0"], answers: answers) == .light)
        answers.background = (20, 20, 30)
        #expect(TerminalBackground.detect(environment: ["COLORFGBG": "0;15"], answers: answers) == .dark)
    }

    @Test("over a pseudo-terminal: the queries go out, the answers come back before the deadline, the settings are put back")
    func answered() async throws {
        let pty = try TerminalTests.PseudoTerminal()
        let before = pty.settings()
        let controller = pty.controller
        // The terminal emulator's side: answers once the DA1 query has arrived.
        let emulator = Thread {
            var seen = ""
            var buffer = [UInt8](repeating: 0, count: 1024)
            let end = Date().addingTimeInterval(10)
            while Date() < end, !seen.contains("\u{1B}[c") {
                var request = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
                guard poll(&request, 1, 50) > 0 else { continue }
                let count = read(controller, &buffer, buffer.count)
                if count > 0 { seen += String(decoding: buffer[0..<count], as: UTF8.self) }
            }
            // The file query: read the path as kitty would, and answer OK when the file is there.
            var fileAnswer = ""
            if let start = seen.range(of: "\u{1B}_Gi=32,s=1,v=1,a=q,t=t,f=24;"), let stop = seen[start.upperBound...].range(of: "\u{1B}\\"),
                let decoded = Data(base64Encoded: String(seen[start.upperBound..<stop.lowerBound])), let path = String(data: decoded, encoding: .utf8),
                path.contains("tty-graphics-protocol"), FileManager.default.fileExists(atPath: path)
            {
                fileAnswer = "\u{1B}_Gi=32;OK\u{1B}\\"
            }
            let answer = Array((fileAnswer + "\u{1B}P1$r48:2::1:2:3m\u{1B}\\\u{1B}]11;rgb:0000/0000/0000\u{1B}\\\u{1B}[?62;4;22c").utf8)
            _ = answer.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
        }
        emulator.start()
        let terminal = Terminal(input: pty.device, output: pty.device)
        // A long deadline: the answer ends the wait, and a loaded box may run the emulator late.
        let answers = try #require(terminal.probe(timeout: .seconds(30)))
        #expect(answers.answered && answers.sixel && answers.trueColor && answers.kittyFiles)
        #expect(answers.background.map { [$0.red, $0.green, $0.blue] } == [0, 0, 0])
        #expect(sameSettings(pty.settings(), before), "the terminal's settings are as they were")
    }

    @Test("a terminal that answers nothing is waited for until the timeout, and no answer is made up")
    func silent() throws {
        let pty = try TerminalTests.PseudoTerminal()
        let terminal = Terminal(input: pty.device, output: pty.device)
        let clock = ContinuousClock()
        let start = clock.now
        let answers = try #require(terminal.probe(timeout: .milliseconds(100)))
        let waited = clock.now - start
        #expect(answers == TerminalAnswers())
        #expect(waited >= .milliseconds(90), "it waited for the answers: \(waited)")
        #expect(pty.drain().contains("\u{1B}[c"), "the queries were sent")
        // Not a terminal: not asked at all.
        var pipeEnds: [Int32] = [0, 0]
        _ = pipe(&pipeEnds)
        defer { close(pipeEnds[0]); close(pipeEnds[1]) }
        #expect(Terminal(input: pipeEnds[0], output: pipeEnds[1]).probe() == nil)
    }

    private func sameSettings(_ a: termios, _ b: termios) -> Bool {
        a.c_lflag == b.c_lflag && a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag
    }
}
