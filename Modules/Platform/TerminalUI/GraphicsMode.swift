/// How photos reach the screen: half blocks in cells, or a terminal graphics protocol that draws
/// the real pixels in the same cells.
public enum GraphicsMode: String, Hashable, Sendable, CaseIterable {
    /// Upper-half blocks, two pixels a cell: every colour terminal.
    case blocks
    /// The kitty graphics protocol (kitty, WezTerm, Ghostty, Konsole).
    case kitty
    /// DEC sixel graphics (xterm -ti vt340, foot, mlterm, contour, iTerm2, WezTerm).
    case sixel

    /// What `--graphics auto` picks from the environment and the terminal's `answers`: kitty where it answered the kitty graphics query, sixel where
    /// its DA1 lists sixel (tmux 3.4 built with sixel does, inside tmux too).
    public static func detect(environment: [String: String], answers: TerminalAnswers?) -> GraphicsMode {
        let named = detect(environment: environment)
        guard named == .blocks, let answers else { return named }
        if answers.kittyGraphics { return .kitty }
        return answers.sixel ? .sixel : .blocks
    }

    /// What `--graphics auto` picks from the environment: kitty when `KITTY_WINDOW_ID` is set or
    /// `TERM` names kitty or ghostty, or `TERM_PROGRAM` is WezTerm or ghostty; sixel when `TERM` is
    /// foot, mlterm, contour or yaft, or `TERM_PROGRAM` is iTerm.app; half blocks otherwise
    /// (inside tmux or screen too, which do not pass the protocols through by default).
    public static func detect(environment: [String: String]) -> GraphicsMode {
        let term = environment["TERM"]?.lowercased() ?? ""
        let program = environment["TERM_PROGRAM"]?.lowercased() ?? ""
        if term.hasPrefix("tmux") || term.hasPrefix("screen") || environment["TMUX"] != nil { return .blocks }
        if environment["KITTY_WINDOW_ID"].map({ !$0.isEmpty }) == true || term.contains("kitty") || term.contains("ghostty")
            || program == "wezterm" || program == "ghostty"
        {
            return .kitty
        }
        if ["foot", "mlterm", "contour", "yaft"].contains(where: { term.hasPrefix($0) }) || program == "iterm.app" { return .sixel }
        return .blocks
    }
}
