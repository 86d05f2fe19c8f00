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
}
