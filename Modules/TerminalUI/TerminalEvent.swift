/// Something the screen's loop reacts to.
public enum TerminalEvent: Hashable, Sendable {
    /// A key was pressed.
    case key(Key)
    /// The window changed size (SIGWINCH): lay out again and redraw everything.
    case resize
    /// SIGINT, SIGTERM or SIGHUP arrived: restore the terminal and leave.
    case terminate(signal: Int32)
    /// Input reached its end (the terminal went away).
    case inputClosed
    /// Something else changed (state, a clock tick): draw again.
    case redraw
}
