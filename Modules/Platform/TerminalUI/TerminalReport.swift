import TerminalUIInterface

/// What the environment and the terminal's answers say about the terminal, and why: the graphics
/// `--graphics auto` picks, the colours, the symbols and background `auto` picks, and what to
/// change for better photos (`feed flags` prints it). Environment values are shown cleaned:
/// printable ASCII, at most 40 characters.
public enum TerminalReport {
    /// What the terminal answered, one line for the graphics, one for the colours, the symbols,
    /// the background, then any advice. `answers` nil: the terminal was not asked (not a terminal).
    public static func lines(environment: [String: String], answers: TerminalAnswers? = nil) -> [String] {
        let term = shown(environment["TERM"])
        let program = shown(environment["TERM_PROGRAM"])
        let tmux = environment["TMUX"] != nil || term.hasPrefix("tmux") || term.hasPrefix("screen")
        let mode = GraphicsMode.detect(environment: environment, answers: answers)
        let named = GraphicsMode.detect(environment: environment)
        var lines = [answered(answers)]
        let why: String
        switch mode {
        case .kitty where named != .kitty:
            why = "the terminal answered the kitty graphics query"
        case .sixel where named != .sixel:
            why = "the terminal's DA1 answer lists sixel"
        case .kitty:
            why = environment["KITTY_WINDOW_ID"].map { !$0.isEmpty } == true ? "KITTY_WINDOW_ID is set" : "TERM=\(term), TERM_PROGRAM=\(program)"
        case .sixel:
            why = "TERM=\(term), TERM_PROGRAM=\(program)"
        case .blocks:
            why = tmux ? "inside tmux or screen, which do not pass kitty graphics through"
                : "TERM=\(term), TERM_PROGRAM=\(program) names no terminal known for kitty or sixel"
        }
        lines.append("graphics: \(mode.rawValue) (\(why))")
        switch ColorDepth.detect(environment: environment, answers: answers) {
        case .none:
            lines.append("colours: none (\(environment["NO_COLOR"].map { !$0.isEmpty } == true ? "NO_COLOR is set" : "TERM=dumb"))")
        case .trueColor where ColorDepth.detect(environment: environment) != .trueColor:
            lines.append("colours: 24-bit (the terminal gave back a 24-bit colour; COLORTERM=\(shown(environment["COLORTERM"])))")
        case .trueColor:
            lines.append("colours: 24-bit (COLORTERM=\(shown(environment["COLORTERM"])))")
        case .palette256:
            lines.append("colours: 256 (COLORTERM=\(shown(environment["COLORTERM"])) is not truecolor or 24bit): photos lose their colours")
            lines.append(tmux
                ? "advice: inside tmux, add `set -as terminal-features ',*:RGB'` to ~/.tmux.conf and `export COLORTERM=truecolor`"
                : "advice: if the terminal shows 24-bit colour, `export COLORTERM=truecolor`")
        }
        let symbols = BlockSymbols.detect(environment: environment)
        lines.append(symbols == .sextant
            ? "symbols: sextant (the terminal draws sextants itself: TERM=\(term), TERM_PROGRAM=\(program))"
            : "symbols: quadrant (sextants only where the terminal is known to draw them; try `--symbols sextant` if your font has them)")
        let background = TerminalBackground.detect(environment: environment, answers: answers)
        let source = if let colour = answers?.background {
            "the terminal's background is " + String(format: "#%02x%02x%02x", colour.red, colour.green, colour.blue)
        } else if let value = environment["COLORFGBG"] {
            "COLORFGBG=\(shown(value))"
        } else {
            "no background reported; `--theme light` for a light terminal"
        }
        lines.append("theme: \(background.rawValue) (\(source))")
        if mode == .blocks {
            lines.append(tmux
                ? "advice: sixel needs tmux 3.4 or later built with it: try `--graphics sixel`; outside tmux, kitty and sixel terminals are found by themselves"
                : "advice: a terminal with kitty graphics or sixel draws the photos' own pixels: `--graphics kitty` or `--graphics sixel`")
        }
        return lines
    }

    /// What the terminal answered when asked.
    private static func answered(_ answers: TerminalAnswers?) -> String {
        guard let answers else { return "terminal: not asked (input or output is not a terminal)" }
        guard answers.answered else { return "terminal: no answer within 100 ms (the environment alone decides)" }
        let yes = { (value: Bool) in value ? "yes" : "no" }
        let files = answers.kittyFiles ? " (photos as files: the terminal reads this machine's files)" : ""
        return "terminal: answered: sixel \(yes(answers.sixel)), kitty graphics \(yes(answers.kittyGraphics))\(files), 24-bit colour \(yes(answers.trueColor))"
    }

    private static func shown(_ value: String?) -> String {
        guard let value, !value.isEmpty else { return "(unset)" }
        return String(value.unicodeScalars.filter { (0x20...0x7E).contains($0.value) }.prefix(40).map(Character.init))
    }
}
