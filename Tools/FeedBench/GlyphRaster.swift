import ImageCodec
import TerminalUIInterface

/// Draws cells as a terminal would, at a cell size in pixels: a block element's or a sextant's
/// ink in the foreground colour, the rest in the background (sextant rows split at a third and
/// two thirds of the height, rounded, as kitty and foot do; eighths rounded to pixels). Other
/// glyphs are not drawn (the bench draws only block symbols; `Scripts/symbol-fidelity.py`
/// renders any glyph with a font).
enum GlyphRaster {
    /// The cells of `buffer` in `rows` × `columns` from its top left, as pixels of `cell` each.
    static func draw(_ buffer: ScreenBuffer, columns: Int, rows: Int, cell: PixelSize) -> RGBImage {
        let width = columns * cell.width, height = rows * cell.height
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for row in 0..<rows {
            for column in 0..<columns {
                let drawn = buffer[row, column]
                let ink = shape(of: drawn.grapheme)
                let fg = rgb(drawn.style.foreground), bg = rgb(drawn.style.background)
                for y in 0..<cell.height {
                    for x in 0..<cell.width {
                        let colour = ink(x, y, cell) ? fg : bg
                        let offset = ((row * cell.height + y) * width + column * cell.width + x) * 3
                        (pixels[offset], pixels[offset + 1], pixels[offset + 2]) = colour
                    }
                }
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    private static func rgb(_ color: Color?) -> (UInt8, UInt8, UInt8) {
        if case .rgb(let red, let green, let blue) = color { return (red, green, blue) }
        return (0, 0, 0)
    }

    /// Whether pixel `x`, `y` of a cell is ink, for `glyph`.
    static func shape(of glyph: Character) -> (Int, Int, PixelSize) -> Bool {
        let scalar = glyph.unicodeScalars.first!.value
        if (0x1FB00...0x1FB3B).contains(scalar) {
            // Sextant bits 0…5: top left, top right, middle left, …; four shapes are block elements.
            var bits = Int(scalar - 0x1FB00) + 1
            if bits >= 21 { bits += 1 }
            if bits >= 42 { bits += 1 }
            return { x, y, cell in
                let third = y < (cell.height + 1) / 3 ? 0 : (y < (cell.height * 2 + 1) / 3 ? 1 : 2)
                return bits >> (third * 2 + (x < cell.width / 2 ? 0 : 1)) & 1 == 1
            }
        }
        if (0x2581...0x2587).contains(scalar) {
            // Lower eighths ▁…▇.
            let eighths = Int(scalar - 0x2580)
            return { _, y, cell in y >= cell.height - (cell.height * eighths + 4) / 8 }
        }
        if (0x2589...0x258F).contains(scalar), scalar != 0x258C {
            // Left eighths ▉…▏ (seven eighths down to one).
            let eighths = Int(0x2590 - scalar)
            return { x, _, cell in x < (cell.width * eighths + 4) / 8 }
        }
        let quadrants: [Character: Int] = [
            "▘": 1, "▝": 2, "▀": 3, "▖": 4, "▌": 5, "▞": 6, "▛": 7, "▗": 8, "▚": 9, "▐": 10, "▜": 11, "▄": 12, "▙": 13, "▟": 14, "█": 15,
        ]
        let bits = quadrants[glyph] ?? 0
        return { x, y, cell in bits >> ((y < cell.height / 2 ? 0 : 2) + (x < cell.width / 2 ? 0 : 1)) & 1 == 1 }
    }
}
