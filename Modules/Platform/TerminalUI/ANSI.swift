import TerminalUIInterface

/// The escape sequences the screen uses (ECMA-48 / xterm); nothing else is ever sent.
enum ANSI {
    static let escape = "\u{1B}["
    static let enterAlternateScreen = "\u{1B}[?1049h"
    static let leaveAlternateScreen = "\u{1B}[?1049l"
    static let hideCursor = "\u{1B}[?25l"
    static let showCursor = "\u{1B}[?25h"
    static let clearScreen = "\u{1B}[2J"
    static let home = "\u{1B}[H"
    static let reset = "\u{1B}[0m"
    static let disableLineWrap = "\u{1B}[?7l"
    static let enableLineWrap = "\u{1B}[?7h"

    /// Moves the cursor to `row`, `column` (both from 0).
    static func moveTo(row: Int, column: Int) -> String {
        "\u{1B}[\(row + 1);\(column + 1)H"
    }

    /// Sets `style` from a reset.
    static func style(_ style: Style, depth: ColorDepth) -> String {
        let codes = style.sgrParameters(depth: depth)
        if codes.isEmpty { return reset }
        return "\u{1B}[0;" + codes.map(String.init).joined(separator: ";") + "m"
    }
}
