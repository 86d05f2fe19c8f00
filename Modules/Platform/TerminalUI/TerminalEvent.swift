import TerminalUIInterface

/// Something the screen's loop reacts to.
public enum TerminalEvent: Hashable, Sendable {
    /// A key was pressed.
    case key(Key)
    /// The window changed size (SIGWINCH): lay out again and redraw everything.
    case resize
    /// SIGINT, SIGTERM, SIGHUP or SIGQUIT arrived: restore the terminal and leave.
    case terminate(signal: Int32)
    /// Ctrl-Z was pressed or SIGTSTP arrived: restore the terminal, then stop the process.
    case suspend
    /// SIGCONT arrived: the process runs again; enter raw mode again and redraw everything.
    case resume
    /// Input reached its end (the terminal went away).
    case inputClosed
    /// Something else changed (state, a clock tick): draw again.
    case redraw
}
