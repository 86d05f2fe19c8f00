import CCrashShim
import ImageCodec
import TerminalUIInterface

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal on stdin/stdout: raw mode, the alternate screen and a hidden cursor, all put back
/// by `restore()` — which is safe to call from any thread, any number of times.
public final class Terminal: @unchecked Sendable {
    let input: Int32
    let output: Int32
    private let lock = Lock()
    private var saved: termios?

    /// A terminal on `input` and `output` (stdin and stdout by default).
    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        self.input = input
        self.output = output
    }

    /// Whether `descriptor` is a terminal.
    public static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// The window's size, or `nil` when the output is not a terminal.
    public func size() -> TerminalSize? {
        var window = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else { return nil }
        return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }

    /// The size of one cell in pixels, from the window's pixel size where the terminal reports it
    /// (xterm, kitty, foot, WezTerm do), else `fallback`.
    public func cellPixelSize(fallback: PixelSize = PixelSize(width: 10, height: 20)) -> PixelSize {
        var window = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0, window.ws_xpixel > 0, window.ws_ypixel > 0
        else { return fallback }
        let width = Int(window.ws_xpixel) / Int(window.ws_col), height = Int(window.ws_ypixel) / Int(window.ws_row)
        guard (2...200).contains(width), (2...400).contains(height) else { return fallback }
        return PixelSize(width: width, height: height)
    }

    /// Saves the terminal's settings, then switches to raw input (keys arrive one by one, unechoed,
    /// Ctrl-C as a key), the alternate screen and a hidden cursor.
    public func enterRawMode() throws(TerminalError) {
        try lock.withLock { () throws(TerminalError) in
            guard saved == nil else { return }
            var original = termios()
            guard tcgetattr(input, &original) == 0 else { throw .system("reading the terminal settings", errno) }
            var raw = original
            raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
            raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
            raw.c_cflag |= tcflag_t(CS8)
            withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
                bytes[Int(VMIN)] = 1
                bytes[Int(VTIME)] = 0
            }
            guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else { throw .system("switching the terminal to raw mode", errno) }
            saved = original
            // A crash (a trap, a fault) puts the terminal back too, before the backtrace is written.
            let restore = Array(Self.restoreText.utf8)
            restore.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { ccrash_shim_set_terminal(input, output, &original, $0.baseAddress, $0.count) }
            }
        }
        do {
            try write(ANSI.enterAlternateScreen + ANSI.hideCursor + ANSI.disableLineWrap + ANSI.reset + ANSI.home + ANSI.clearScreen)
        } catch {
            restore()
            throw error
        }
    }

    /// Puts back what `enterRawMode()` changed: the settings, the main screen and the cursor.
    /// Does nothing when the terminal is not in raw mode.
    public func restore() {
        lock.withLock {
            guard var original = saved else { return }
            saved = nil
            ccrash_shim_clear_terminal()
            try? writeAll(Self.restoreText)
            _ = tcsetattr(input, TCSAFLUSH, &original)
        }
    }

    /// What puts the screen back: default colours, line wrap, the cursor and the main screen.
    static let restoreText = ANSI.reset + ANSI.enableLineWrap + ANSI.showCursor + ANSI.leaveAlternateScreen

    /// Whether the terminal is in raw mode now.
    public var isRaw: Bool { lock.withLock { saved != nil } }

    /// Writes `text` to the output whole.
    public func write(_ text: String) throws(TerminalError) {
        try writeAll(text)
    }

    private func writeAll(_ text: String) throws(TerminalError) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                systemWrite(output, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .system("writing to the terminal", errno)
            }
            offset += written
        }
        bytes.removeAll()
    }
}

/// The C library's `write`, named apart from `Terminal.write`.
func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
