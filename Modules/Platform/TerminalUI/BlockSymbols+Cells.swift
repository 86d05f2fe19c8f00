import ImageCodec
import TerminalUIInterface

/// The block symbols' cells: a grid on which every shape of the set has exact edges, the shape
/// picked per cell by least error (`CellMosaic`).
extension BlockSymbols {
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
