import TerminalUIInterface

/// The background `--theme auto` finds: asked of the terminal, else read from the environment.
extension TerminalBackground {
    /// What `--theme auto` picks: the background the terminal reported (OSC 11), else
    /// `COLORFGBG`'s last field (0–6 and 8 dark, 7 and 9–15 light), else dark.
    public static func detect(environment: [String: String], answers: TerminalAnswers? = nil) -> TerminalBackground {
        if let colour = answers?.background {
            let luma = 0.299 * Double(colour.red) + 0.587 * Double(colour.green) + 0.114 * Double(colour.blue)
            return luma > 127.5 ? .light : .dark
        }
        if let field = environment["COLORFGBG"]?.split(separator: ";").last, let index = Int(field), (0...15).contains(index) {
            return index == 7 || index >= 9 ? .light : .dark
        }
        return .dark
    }
}
