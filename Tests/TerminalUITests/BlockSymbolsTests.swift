import ImageCodec
import Testing

@testable import TerminalUI
@testable import TerminalUIInterface

@Suite("Block symbols: half, quadrant and sextant shapes, fitted per cell and drawn back")
struct BlockSymbolsTests {
    /// A deterministic pseudo-random image.
    func noise(width: Int, height: Int, seed: UInt64) -> RGBImage {
        var state = seed
        let pixels = (0..<(width * height * 3)).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    @Test("every shape a fit can pick has a glyph, its complement too; the glyphs are the Unicode ones")
    func tables() {
        for symbols in [BlockSymbols.quadrant, .sextant] {
            let all: UInt64 = (1 << UInt64(symbols.cell.pixelCount)) - 1
            for shape in symbols.mosaic!.shapes {
                #expect(symbols.glyph(for: shape) != nil || symbols.glyph(for: ~shape & all) != nil, "\(symbols) \(shape)")
            }
        }
        let quadrant = BlockSymbols.quadrant.cell, sextant = BlockSymbols.sextant.cell
        // ▚ on 4×8: the top left 2×4 and the bottom right 2×4.
        let diagonal = BlockInk.quadrants(0b1001).shape(on: quadrant)
        #expect(diagonal == 0xCCCC_3333)
        #expect(BlockSymbols.quadrant.glyph(for: diagonal) == "▚")
        #expect(BlockSymbols.quadrant.glyph(for: BlockInk.lower(4).shape(on: quadrant)) == "▄")
        #expect(BlockSymbols.quadrant.glyph(for: BlockInk.lower(1).shape(on: quadrant)) == "▁")
        #expect(BlockSymbols.quadrant.glyph(for: BlockInk.left(2).shape(on: quadrant)) == "▎")
        // Sextant-1 (the top left of six) is U+1FB00, sextant-23456 U+1FB3B; sextant-135 (the left column) is ▌.
        #expect(BlockSymbols.sextant.glyph(for: BlockInk.sextants(0b1).shape(on: sextant)) == "\u{1FB00}")
        #expect(BlockSymbols.sextant.glyph(for: BlockInk.sextants(0b111110).shape(on: sextant)) == "\u{1FB3B}")
        #expect(BlockSymbols.sextant.glyph(for: BlockInk.sextants(0b010101).shape(on: sextant)) == "▌")
        #expect(BlockSymbols.sextant.glyph(for: BlockInk.lower(2).shape(on: sextant)) == "▂")
        // Every grid holds its shapes' edges exactly, so no two glyphs share a shape. A shape and its
        // complement are one fit: quadrants 8, sextants 30, the quarters and eighths one each.
        #expect(BlockSymbols.sextant.mosaic!.shapes.count == 8 + 30 + 2 + 2)
        #expect(BlockSymbols.quadrant.mosaic!.shapes.count == 8 + 6 + 2)
    }

    @Test("a packed fit drawn in cells shows exactly the fitted pixels (each glyph's ink in the foreground)")
    func drawnBack() throws {
        for symbols in [BlockSymbols.quadrant, .sextant] {
            let cell = symbols.cell
            let photo = noise(width: 7 * cell.width, height: 4 * cell.height, seed: 5)
            let image = try #require(symbols.mosaic).apply(to: photo)
            let packed = try #require(symbols.mosaic).pack(photo)
            #expect(symbols.cells(of: packed) == (7, 4))
            var buffer = ScreenBuffer(size: TerminalSize(columns: 9, rows: 6))
            buffer.draw(packed, symbols: symbols, row: 1, column: 2, lines: 0..<6)
            let inks = inkTable(symbols)
            for y in 0..<4 {
                for x in 0..<7 {
                    let drawn = buffer[1 + y, 2 + x]
                    let ink = drawn.grapheme == " " ? 0 : try #require(inks[drawn.grapheme], "\(drawn.grapheme)")
                    for index in 0..<cell.pixelCount {
                        let colour = ink >> UInt64(index) & 1 == 1 ? drawn.style.foreground : drawn.style.background
                        let pixel = image.pixel(x: x * cell.width + index % cell.width, y: y * cell.height + index / cell.width)
                        #expect(colour == .rgb(red: pixel.red, green: pixel.green, blue: pixel.blue), "\(symbols) cell \(x),\(y) pixel \(index)")
                    }
                }
            }
            // Nothing outside the box.
            #expect(buffer[0, 2] == .blank && buffer[5, 2] == .blank && buffer[1, 1] == .blank && buffer[1, 8] != .blank)
        }
    }

    @Test("drawing clips to the buffer and to the lines asked for")
    func clipping() {
        let cell = BlockSymbols.quadrant.cell
        let image = BlockSymbols.quadrant.mosaic!.pack(noise(width: 10 * cell.width, height: 10 * cell.height, seed: 1))
        var buffer = ScreenBuffer(size: TerminalSize(columns: 6, rows: 6))
        buffer.draw(image, symbols: .quadrant, row: -3, column: 3, lines: 1..<4)
        for row in 0..<6 {
            for column in 0..<6 {
                let drawn = buffer[row, column] != .blank
                #expect(drawn == ((1..<4).contains(row) && column >= 3), "\(row),\(column)")
            }
        }
    }

    @Test("auto: sextants where the terminal draws them itself, quadrants elsewhere and inside tmux")
    func detection() {
        #expect(BlockSymbols.detect(environment: [:]) == .quadrant)
        #expect(BlockSymbols.detect(environment: ["TERM": "xterm-256color"]) == .quadrant)
        #expect(BlockSymbols.detect(environment: ["TERM": "xterm-kitty"]) == .sextant)
        #expect(BlockSymbols.detect(environment: ["TERM": "foot"]) == .sextant)
        #expect(BlockSymbols.detect(environment: ["TERM_PROGRAM": "WezTerm"]) == .sextant)
        #expect(BlockSymbols.detect(environment: ["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-0/default,1,0"]) == .quadrant)
        #expect(BlockSymbols.detect(environment: ["TERM": "tmux-256color"]) == .quadrant)
    }

    @Test("pixel sizes: a cell is 1×2, 4×8 or 4×12 pixels")
    func pixelSizes() {
        #expect(BlockSymbols.half.pixelSize(columns: 10, rows: 4) == PixelSize(width: 10, height: 8))
        #expect(BlockSymbols.quadrant.pixelSize(columns: 10, rows: 4) == PixelSize(width: 40, height: 32))
        #expect(BlockSymbols.sextant.pixelSize(columns: 10, rows: 4) == PixelSize(width: 40, height: 48))
        #expect(BlockSymbols.half.mosaic == nil)
    }

    /// Each glyph's ink, as a shape: every shape the fit can pick, and its complement.
    func inkTable(_ symbols: BlockSymbols) -> [Character: UInt64] {
        let all: UInt64 = (1 << UInt64(symbols.cell.pixelCount)) - 1
        var inks: [Character: UInt64] = [:]
        for shape in symbols.mosaic!.shapes.flatMap({ [$0, ~$0 & all] }) {
            if let glyph = symbols.glyph(for: shape), inks[glyph] == nil { inks[glyph] = shape }
        }
        return inks
    }
}
