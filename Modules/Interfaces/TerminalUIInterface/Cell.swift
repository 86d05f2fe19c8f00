/// One character cell of the screen: a grapheme, the columns it covers, and its style.
public struct Cell: Hashable, Sendable {
    /// The grapheme drawn here; a space for blanks and for the right half of a wide grapheme.
    public var grapheme: Character
    /// Columns covered: 1, 2 for a wide grapheme, 0 for the right half of one.
    public var width: Int
    /// How the cell looks.
    public var style: Style

    /// Creates a cell.
    public init(grapheme: Character, width: Int = 1, style: Style = .plain) {
        self.grapheme = grapheme
        self.width = width
        self.style = style
    }

    /// An empty cell in the default style.
    public static let blank = Cell(grapheme: " ")

    /// The right half of a wide grapheme.
    static func continuation(style: Style) -> Cell { Cell(grapheme: " ", width: 0, style: style) }

    /// The right half of a wide grapheme: nothing is sent for it.
    public var isContinuation: Bool { width == 0 }
}
