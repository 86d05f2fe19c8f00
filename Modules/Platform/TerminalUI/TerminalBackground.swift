/// Whether the terminal's background is dark or light, so screens pick colours that read on it.
public enum TerminalBackground: String, Hashable, Sendable, CaseIterable {
    /// Light text on a dark background.
    case dark
    /// Dark text on a light background.
    case light

    /// The accent that reads on this background: cyan on dark, blue on light (cyan does not read on white).
    public var accent: Color { self == .light ? .blue : .cyan }

    /// The warning colour that reads on this background: yellow on dark, dark yellow on light.
    public var warning: Color { self == .light ? .rgb(red: 135, green: 85, blue: 0) : .yellow }

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
