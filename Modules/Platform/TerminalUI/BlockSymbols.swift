import ImageCodec

/// The block symbols photos are drawn with in cells, each cell in two colours: half blocks (two
/// pixels a cell, one above the other), quadrants with eighths, or sextants with those, the shape
/// picked per cell by least error (`CellMosaic`) on a grid where every shape's edges fall on
/// pixel edges.
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

    /// The pixels of one cell: a grid on which every shape of the set has exact edges.
    public var cell: PixelSize {
        switch self {
        case .half: PixelSize(width: 1, height: 2)
        case .quadrant: PixelSize(width: 4, height: 8)
        case .sextant: PixelSize(width: 4, height: 12)
        }
    }

    /// The pixel size to decode a photo to for a box of `columns` × `rows` cells.
    public func pixelSize(columns: Int, rows: Int) -> PixelSize {
        PixelSize(width: max(1, columns) * cell.width, height: max(1, rows) * cell.height)
    }

    /// The cells an image for these symbols covers: half blocks' pixels two a cell, one above the
    /// other; the other sets' packed fit four pixels a cell (`CellMosaic.pack`).
    public func cells(of image: RGBImage) -> (columns: Int, rows: Int) {
        self == .half ? (image.width, (image.height + 1) / 2) : (image.width / 4, image.height)
    }

    /// The per-cell fit a decoded photo gets before it is drawn, packed (none for half blocks: two pixels, one shape).
    public var mosaic: CellMosaic? {
        switch self {
        case .half: nil
        case .quadrant: Self.quadrantSet.mosaic
        case .sextant: Self.sextantSet.mosaic
        }
    }

    /// The glyph whose ink covers the pixels of `shape` (bit `y * cell.width + x`), if there is one.
    public func glyph(for shape: UInt64) -> Character? { glyphs[shape] }

    /// Each shape's glyph.
    var glyphs: [UInt64: Character] {
        switch self {
        case .half: [0: " ", 1: "▀", 2: "▄", 3: "█"]
        case .quadrant: Self.quadrantSet.glyphs
        case .sextant: Self.sextantSet.glyphs
        }
    }

    /// Quadrants, lower eighths and left quarters on a 4×8 grid.
    static let quadrantSet = GlyphSet(cell: PixelSize(width: 4, height: 8), inks: BlockInk.quadrants + BlockInk.lowerEighths([1, 2, 3, 5, 6, 7]) + BlockInk.leftEighths([2, 6]))
    /// Sextants, quadrants, lower quarters and left quarters on a 4×12 grid.
    static let sextantSet = GlyphSet(
        cell: PixelSize(width: 4, height: 12), inks: BlockInk.quadrants + BlockInk.sextants + BlockInk.lowerEighths([2, 6]) + BlockInk.leftEighths([2, 6]))
}

/// The shapes of a symbol set sampled on a cell's grid: each shape's glyph, and the fit over them.
struct GlyphSet: Sendable {
    /// Each shape's glyph (the first glyph listed for a shape wins).
    let glyphs: [UInt64: Character]
    /// The fit over the shapes: the empty shape first (a plain cell wins ties), then by ink.
    let mosaic: CellMosaic

    init(cell: PixelSize, inks: [(Character, BlockInk)]) {
        var glyphs: [UInt64: Character] = [0: " ", (1 << UInt64(cell.pixelCount)) - 1: "█"]
        for (glyph, ink) in inks {
            let shape = ink.shape(on: cell)
            if glyphs[shape] == nil { glyphs[shape] = glyph }
        }
        self.glyphs = glyphs
        mosaic = CellMosaic(cell: cell, shapes: glyphs.keys.sorted { ($0.nonzeroBitCount, $0) < ($1.nonzeroBitCount, $1) })
    }
}

/// Where a block glyph puts its ink in the cell.
enum BlockInk: Sendable {
    /// Quadrants: bit 0 top left, 1 top right, 2 bottom left, 3 bottom right.
    case quadrants(UInt8)
    /// Sextants: bit 0 top left, 1 top right, 2 middle left, … 5 bottom right.
    case sextants(UInt8)
    /// The lower `n` eighths of the cell.
    case lower(Int)
    /// The left `n` eighths of the cell.
    case left(Int)

    /// The shape on a grid of `cell` pixels: the pixels whose centres the ink covers.
    func shape(on cell: PixelSize) -> UInt64 {
        var shape: UInt64 = 0
        for y in 0..<cell.height {
            for x in 0..<cell.width where covers(x: (Double(x) + 0.5) / Double(cell.width), y: (Double(y) + 0.5) / Double(cell.height)) {
                shape |= 1 << UInt64(y * cell.width + x)
            }
        }
        return shape
    }

    /// Whether the ink covers the point `x`, `y` of a unit cell (0…1 from the top left).
    func covers(x: Double, y: Double) -> Bool {
        switch self {
        case .quadrants(let bits): bits >> ((y < 0.5 ? 0 : 2) + (x < 0.5 ? 0 : 1)) & 1 == 1
        case .sextants(let bits): bits >> ((y < 1.0 / 3 ? 0 : y < 2.0 / 3 ? 2 : 4) + (x < 0.5 ? 0 : 1)) & 1 == 1
        case .lower(let eighths): y >= 1 - Double(eighths) / 8
        case .left(let eighths): x < Double(eighths) / 8
        }
    }

    /// The 16 quadrant blocks.
    static let quadrants: [(Character, BlockInk)] = {
        let glyphs: [Character] = [" ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█"]
        return glyphs.enumerated().map { ($0.element, .quadrants(UInt8($0.offset))) }
    }()

    /// The 60 sextants U+1FB00…, in their bit order, leaving out the four shapes block elements
    /// already have (empty, full, left and right half).
    static let sextants: [(Character, BlockInk)] = (1..<63).filter { $0 != 21 && $0 != 42 }.enumerated().map { offset, bits in
        (Character(Unicode.Scalar(0x1FB00 + UInt32(offset))!), .sextants(UInt8(bits)))
    }

    /// Lower eighth blocks (▁▂▃▄▅▆▇) of `counts` eighths.
    static func lowerEighths(_ counts: [Int]) -> [(Character, BlockInk)] {
        counts.map { (Character(Unicode.Scalar(0x2580 + UInt32($0))!), .lower($0)) }
    }

    /// Left eighth blocks (▏▎▍▌▋▊▉) of `counts` eighths.
    static func leftEighths(_ counts: [Int]) -> [(Character, BlockInk)] {
        counts.map { (Character(Unicode.Scalar(0x2590 - UInt32($0))!), .left($0)) }
    }
}
