/// One key press, decoded from the bytes a terminal sends.
public enum Key: Hashable, Sendable {
    /// A printable character, e.g. `j`, `?`, `é`.
    case character(Character)
    /// A letter pressed with Control, lower-cased: `.control("c")` is Ctrl-C.
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case insert, delete
    case enter, tab, backTab, backspace, escape
    /// A function key F1…F12.
    case function(Int)

    /// Ctrl-C.
    public static let interrupt = Key.control("c")
    /// Ctrl-Z: raw mode turns the terminal's own suspend off, so the input reports it as `.suspend`.
    public static let suspend = Key.control("z")
}
