import ImageCodec

/// The block symbols photos are drawn with in cells, each cell in two colours: half blocks (two
/// pixels a cell, one above the other), quadrants (2×2), or sextants with the quadrants (2×3 and
/// 2×2 shapes on a 2×6 grid), the shape picked per cell by least error (`CellMosaic`).
public enum BlockSymbols: String, Hashable, Sendable, CaseIterable {
    /// `▀` in a top and a bottom colour: every terminal and font.
    case half
    /// The 16 quadrant blocks (`▘▝▀▖▌▞▛▗▚▐▜▄▙▟█`), in nearly every font.
    case quadrant
    /// The 60 sextants (U+1FB00…) and the quadrants, where the terminal draws them itself.
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

    /// The pixels of one cell.
    public var cell: PixelSize {
        switch self {
        case .half: PixelSize(width: 1, height: 2)
        case .quadrant: PixelSize(width: 2, height: 2)
        case .sextant: PixelSize(width: 2, height: 6)
        }
    }

    /// The pixel size to decode a photo to for a box of `columns` × `rows` cells.
    public func pixelSize(columns: Int, rows: Int) -> PixelSize {
        PixelSize(width: max(1, columns) * cell.width, height: max(1, rows) * cell.height)
    }

    /// The per-cell fit a decoded photo gets before it is drawn (none for half blocks: two pixels, one shape).
    public var mosaic: CellMosaic? {
        switch self {
        case .half: nil
        case .quadrant: Self.quadrantMosaic
        case .sextant: Self.sextantMosaic
        }
    }

    /// The glyph whose ink covers the pixels of `shape` (bit `y * cell.width + x`), if there is one.
    public func glyph(for shape: UInt64) -> Character? {
        let table = switch self {
        case .half: Self.halfTable
        case .quadrant: Self.quadrantTable
        case .sextant: Self.sextantTable
        }
        return shape < UInt64(table.count) ? table[Int(shape)] : nil
    }

    private static let halfTable: [Character?] = [" ", "▀", "▄", "█"]
    private static let quadrantTable = table(quadrants, cell: PixelSize(width: 2, height: 2))
    private static let sextantTable = table(sextantGrid, cell: PixelSize(width: 2, height: 6))
    private static let quadrantMosaic = mosaic(quadrants, cell: PixelSize(width: 2, height: 2))
    private static let sextantMosaic = mosaic(sextantGrid, cell: PixelSize(width: 2, height: 6))

    /// Every shape of a cell, indexed by its bits: its glyph or nil.
    private static func table(_ glyphs: [UInt64: Character], cell: PixelSize) -> [Character?] {
        (0..<(1 << cell.pixelCount)).map { glyphs[UInt64($0)] }
    }

    /// The fit over `glyphs`' shapes: the empty shape first (a plain cell wins ties), then by ink.
    private static func mosaic(_ glyphs: [UInt64: Character], cell: PixelSize) -> CellMosaic {
        CellMosaic(cell: cell, shapes: glyphs.keys.sorted { ($0.nonzeroBitCount, $0) < ($1.nonzeroBitCount, $1) })
    }

    /// Quadrant shapes on a 2×2 grid: bit 0 top left, 1 top right, 2 bottom left, 3 bottom right.
    static let quadrants: [UInt64: Character] = {
        let glyphs: [Character] = [" ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█"]
        return Dictionary(uniqueKeysWithValues: glyphs.enumerated().map { (UInt64($0.offset), $0.element) })
    }()

    /// Sextant and quadrant shapes on a 2×6 grid (a quadrant is 1×3 of it, a sextant 1×2). The
    /// sextants U+1FB00… follow their 2×3 bit order, leaving out the four shapes block elements
    /// already have (empty, full, left and right half).
    static let sextantGrid: [UInt64: Character] = {
        var glyphs: [UInt64: Character] = [:]
        for shape in 0..<64 {
            let fine = spread(UInt64(shape), cellRows: 3)
            if [0, 21, 42, 63].contains(shape) { continue }
            let offset = shape - 1 - (shape > 21 ? 1 : 0) - (shape > 42 ? 1 : 0)
            glyphs[fine] = Character(Unicode.Scalar(0x1FB00 + UInt32(offset))!)
        }
        for (shape, glyph) in quadrants { glyphs[spread(shape, cellRows: 2)] = glyph }
        return glyphs
    }()

    /// A shape on a 2-wide grid of `cellRows` rows spread over the 2×6 grid (each row 6/`cellRows` fine rows).
    static func spread(_ shape: UInt64, cellRows: Int) -> UInt64 {
        var fine: UInt64 = 0
        let height = 6 / cellRows
        for row in 0..<cellRows {
            for column in 0..<2 where shape >> UInt64(row * 2 + column) & 1 == 1 {
                for y in (row * height)..<((row + 1) * height) { fine |= 1 << UInt64(y * 2 + column) }
            }
        }
        return fine
    }
}
