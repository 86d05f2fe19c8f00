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

    /// The SGR parameters that set this style from a reset, e.g. `[1, 31]` or `[38, 2, 255, 0, 0]`.
    func sgrParameters(depth: ColorDepth) -> [Int] {
        var codes: [Int] = []
        if bold { codes.append(1) }
        if dim { codes.append(2) }
        if underline { codes.append(4) }
        if inverse { codes.append(7) }
        if let foreground { codes += foreground.foregroundCodes(depth) }
        if let background { codes += background.backgroundCodes(depth) }
        return codes
    }

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
