import ImageCodec

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
