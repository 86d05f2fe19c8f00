/// How a cell looks: colours and attributes. Colours are dropped when colour is off; attributes stay.
public struct Style: Hashable, Sendable, CustomStringConvertible {
    /// The text colour, or the terminal's default.
    public var foreground: Color?
    /// The background colour, or the terminal's default.
    public var background: Color?
    /// Bold text.
    public var bold: Bool
    /// Dimmed text.
    public var dim: Bool
    /// Underlined text.
    public var underline: Bool
    /// Swapped foreground and background.
    public var inverse: Bool

    /// Creates a style.
    public init(foreground: Color? = nil, background: Color? = nil, bold: Bool = false, dim: Bool = false, underline: Bool = false, inverse: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.inverse = inverse
    }

    /// The terminal's default look.
    public static let plain = Style()

    /// A short readable name, e.g. `bold red`, used by snapshots.
    public var description: String {
        var words: [String] = []
        if bold { words.append("bold") }
        if dim { words.append("dim") }
        if underline { words.append("underline") }
        if inverse { words.append("inverse") }
        if let foreground { words.append("\(foreground)") }
        if let background { words.append("on \(background)") }
        return words.isEmpty ? "plain" : words.joined(separator: " ")
    }
}
