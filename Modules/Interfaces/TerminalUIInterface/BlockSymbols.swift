/// The block symbols photos are drawn with in cells, each cell in two colours: half blocks (two
/// pixels a cell, one above the other), quadrants with eighths, or sextants with those. Their
/// cells, shapes and per-cell fit are TerminalUI's (`BlockSymbols+Cells`).
public enum BlockSymbols: String, Hashable, Sendable, CaseIterable {
    /// `▀` in a top and a bottom colour: every terminal and font.
    case half
    /// The 16 quadrant blocks (`▘▝▀▖▌▞▛▗▚▐▜▄▙▟█`), lower eighths (`▁▂▃▅▆▇`) and left quarters
    /// (`▎▊`): Block Elements, in nearly every font.
    case quadrant
    /// The 60 sextants (U+1FB00…), the quadrants, lower and left quarters, where the terminal draws them itself.
    case sextant

    /// What `--symbols auto` picks: sextants where the terminal draws Symbols for Legacy Computing
    /// itself whatever the font (kitty, foot, WezTerm, Ghostty, contour), quadrants elsewhere
    /// (inside tmux or screen too: the outer terminal is unknown).
    public static func detect(environment: [String: String]) -> BlockSymbols {
        let term = environment["TERM"]?.lowercased() ?? ""
        let program = environment["TERM_PROGRAM"]?.lowercased() ?? ""
        if term.hasPrefix("tmux") || term.hasPrefix("screen") || environment["TMUX"] != nil { return .quadrant }
        if environment["KITTY_WINDOW_ID"].map({ !$0.isEmpty }) == true || ["kitty", "ghostty", "foot", "contour"].contains(where: { term.contains($0) })
            || program == "wezterm" || program == "ghostty"
        {
            return .sextant
        }
        return .quadrant
    }
}
