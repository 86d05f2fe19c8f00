import Foundation
import Testing
import TerminalUI
import TerminalUIInterface
#if canImport(Glibc)
import Glibc
#endif

/// Raw mode on a real pseudo-terminal: entered, then put back exactly.
@Suite struct TerminalTests {
    /// A pseudo-terminal pair: the program's side and the side a terminal emulator would hold.
    final class PseudoTerminal {
        let controller: Int32
        let device: Int32

        init() throws {
            // posix_openpt and friends are not in the Glibc module: open the multiplexer, unlock
            // the device and ask its number with the Linux ioctls TIOCSPTLCK and TIOCGPTN.
            controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            guard controller >= 0 else { throw PTYError() }
            var unlock: Int32 = 0
            var number: UInt32 = 0
            guard ioctl(controller, 0x4004_5431, &unlock) == 0, ioctl(controller, 0x8004_5430, &number) == 0 else {
                close(controller)
                throw PTYError()
            }
            device = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
            guard device >= 0 else { throw PTYError() }
        }

        deinit {
            close(device)
            close(controller)
        }

        func settings() -> termios {
            var value = termios()
            tcgetattr(device, &value)
            return value
        }

        /// Everything the program wrote so far.
        func drain() -> String {
            var out = Data()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                var request = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
                guard poll(&request, 1, 0) > 0 else { break }
                let count = read(controller, &buffer, buffer.count)
                guard count > 0 else { break }
                out.append(contentsOf: buffer[0..<count])
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    struct PTYError: Error {}

    private func same(_ a: termios, _ b: termios) -> Bool {
        var a = a
        var b = b
        return memcmp(&a, &b, MemoryLayout<termios>.size) == 0
    }

    @Test func rawModeIsEnteredAndRestoredExactly() throws {
        let pty = try PseudoTerminal()
        let before = pty.settings()
        let terminal = Terminal(input: pty.device, output: pty.device)
        #expect(Terminal.isTerminal(pty.device))
        try terminal.enterRawMode()
        #expect(terminal.isRaw)
        let raw = pty.settings()
        #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0, "keys arrive one by one, unechoed, Ctrl-C as a key")
        let entered = pty.drain()
        #expect(entered.contains("\u{1B}[?1049h") && entered.contains("\u{1B}[?25l"), "alternate screen and hidden cursor")
        terminal.restore()
        terminal.restore()
        #expect(!terminal.isRaw)
        #expect(same(before, pty.settings()), "the settings are exactly what they were")
        let left = pty.drain()
        #expect(left.contains("\u{1B}[?25h") && left.contains("\u{1B}[?1049l"), "cursor shown, main screen back")
    }

    @Test func theSizeComesFromTheWindow() throws {
        let pty = try PseudoTerminal()
        var window = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(pty.device, UInt(TIOCSWINSZ), &window)
        #expect(Terminal(input: pty.device, output: pty.device).size() == TerminalSize(columns: 80, rows: 24))
    }

    @Test func aPipeIsNoTerminalAndRawModeFailsWithOneClearLine() throws {
        let pipe = Pipe()
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        #expect(!Terminal.isTerminal(descriptor))
        let terminal = Terminal(input: descriptor, output: pipe.fileHandleForWriting.fileDescriptor)
        #expect(terminal.size() == nil)
        let error = #expect(throws: TerminalError.self) { try terminal.enterRawMode() }
        #expect(error?.description.contains("run feed in an interactive terminal") == true)
        #expect(!terminal.isRaw)
        terminal.restore()
    }
}
