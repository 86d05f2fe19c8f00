/// How many colours the terminal is sent.
public enum ColorDepth: Hashable, Sendable {
    /// No colour at all (`NO_COLOR`, `TERM=dumb`); attributes such as bold still go out.
    case none
    /// The basic colours, and 24-bit colours as the nearest of the xterm 256-colour palette.
    case palette256
    /// The basic colours, and 24-bit colours as they are.
    case trueColor

    /// The depth the environment asks for: none for `NO_COLOR` (non-empty) or `TERM=dumb`;
    /// 24-bit when `COLORTERM` is `truecolor` or `24bit`; 256 colours otherwise.
    /// With the terminal's `answers`, 24-bit too where it gave back a 24-bit colour (DECRQSS).
    public static func detect(environment: [String: String], answers: TerminalAnswers? = nil) -> ColorDepth {
        guard ColorSupport.isEnabled(environment: environment) else { return .none }
        switch environment["COLORTERM"]?.lowercased() {
        case "truecolor", "24bit": return .trueColor
        default: return answers?.trueColor == true ? .trueColor : .palette256
        }
    }
}
