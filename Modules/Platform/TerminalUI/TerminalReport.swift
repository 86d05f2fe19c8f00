/// What the environment says about the terminal, and why: the graphics `--graphics auto` picks,
/// the colours, and what to change for better photos (`feed flags` prints it). Environment values
/// are shown cleaned: printable ASCII, at most 40 characters.
public enum TerminalReport {
    /// One line for the graphics, one for the colours, then any advice.
    public static func lines(environment: [String: String]) -> [String] {
        let term = shown(environment["TERM"])
        let program = shown(environment["TERM_PROGRAM"])
        let tmux = environment["TMUX"] != nil || term.hasPrefix("tmux") || term.hasPrefix("screen")
        let mode = GraphicsMode.detect(environment: environment)
        let why: String
        switch mode {
        case .kitty:
            why = environment["KITTY_WINDOW_ID"].map { !$0.isEmpty } == true ? "KITTY_WINDOW_ID is set" : "TERM=\(term), TERM_PROGRAM=\(program)"
        case .sixel:
            why = "TERM=\(term), TERM_PROGRAM=\(program)"
        case .blocks:
            why = tmux ? "inside tmux or screen, which do not pass kitty graphics through"
                : "TERM=\(term), TERM_PROGRAM=\(program) names no terminal known for kitty or sixel"
        }
        var lines = ["graphics: \(mode.rawValue) (\(why))"]
        switch ColorDepth.detect(environment: environment) {
        case .none:
            lines.append("colours: none (\(environment["NO_COLOR"].map { !$0.isEmpty } == true ? "NO_COLOR is set" : "TERM=dumb"))")
        case .trueColor:
            lines.append("colours: 24-bit (COLORTERM=\(shown(environment["COLORTERM"])))")
        case .palette256:
            lines.append("colours: 256 (COLORTERM=\(shown(environment["COLORTERM"])) is not truecolor or 24bit): photos lose their colours")
            lines.append(tmux
                ? "advice: inside tmux, add `set -as terminal-features ',*:RGB'` to ~/.tmux.conf and `export COLORTERM=truecolor`"
                : "advice: if the terminal shows 24-bit colour, `export COLORTERM=truecolor`")
        }
        if mode == .blocks {
            lines.append(tmux
                ? "advice: sixel needs tmux 3.4 or later built with it: try `--graphics sixel`; outside tmux, kitty and sixel terminals are found by themselves"
                : "advice: a terminal with kitty graphics or sixel draws the photos' own pixels: `--graphics kitty` or `--graphics sixel`")
        }
        return lines
    }

    private static func shown(_ value: String?) -> String {
        guard let value, !value.isEmpty else { return "(unset)" }
        return String(value.unicodeScalars.filter { (0x20...0x7E).contains($0.value) }.prefix(40).map(Character.init))
    }
}
