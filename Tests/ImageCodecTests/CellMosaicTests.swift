import Testing

@testable import ImageCodec

@Suite("CellMosaic: two colours and a shape per cell, by least squared error")
struct CellMosaicTests {
    /// Every 2×2 shape: what the quadrant blocks can draw.
    let quadrants = CellMosaic(cell: PixelSize(width: 2, height: 2), shapes: (0..<16).map(UInt64.init))

    /// A deterministic pseudo-random image (a linear congruential generator).
    func noise(width: Int, height: Int, seed: UInt64) -> RGBImage {
        var state = seed
        let pixels = (0..<(width * height * 3)).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    func squaredError(_ a: RGBImage, _ b: RGBImage) -> Int {
        zip(a.pixels, b.pixels).reduce(0) { $0 + (Int($1.0) - Int($1.1)) * (Int($1.0) - Int($1.1)) }
    }

    @Test("a cell that already is two colours in a listed shape comes back unchanged")
    func exactShapes() {
        // ▚: top left and bottom right red, the others blue.
        let red: [UInt8] = [200, 10, 10], blue: [UInt8] = [10, 10, 200]
        let image = RGBImage(width: 2, height: 2, pixels: red + blue + blue + red)
        #expect(quadrants.apply(to: image) == image)
        let flat = RGBImage(width: 4, height: 2, red: 7, green: 8, blue: 9)
        #expect(quadrants.apply(to: flat) == flat)
    }

    @Test("each cell gets the shape with the least error of all listed (checked by brute force)")
    func bestOfAllShapes() {
        let image = noise(width: 8, height: 6, seed: 42)
        let fitted = quadrants.apply(to: image)
        for cellY in 0..<3 {
            for cellX in 0..<4 {
                let cell = crop(image, x: cellX * 2, y: cellY * 2)
                let chosen = squaredError(cell, crop(fitted, x: cellX * 2, y: cellY * 2))
                // Every shape with exact (unrounded) means: the chosen one, rounded, is within rounding of the best.
                let best = (0..<16).map { exactError(cell, shape: UInt64($0)) }.min()!
                #expect(Double(chosen) <= best + 4 * 3 * 0.25 + 1e-9, "cell \(cellX),\(cellY): \(chosen) against \(best)")
            }
        }
    }

    @Test("more shapes never fit worse: quadrants against half blocks (top/bottom) on noise")
    func moreShapesFitBetter() {
        let halves = CellMosaic(cell: PixelSize(width: 2, height: 2), shapes: [0, 0b0011])
        for seed in 1...20 {
            let image = noise(width: 10, height: 10, seed: UInt64(seed))
            #expect(squaredError(image, quadrants.apply(to: image)) <= squaredError(image, halves.apply(to: image)))
        }
    }

    @Test("each fitted cell holds at most two colours, and a partial cell at the edge keeps its pixels")
    func twoColoursAndEdges() {
        let image = noise(width: 5, height: 7, seed: 9)
        let fitted = quadrants.apply(to: image)
        for cellY in 0..<3 {
            for cellX in 0..<2 {
                let cell = crop(fitted, x: cellX * 2, y: cellY * 2)
                let colours = Set((0..<4).map { index in cell.pixels[(index * 3)..<(index * 3 + 3)].map { $0 } })
                #expect(colours.count <= 2)
            }
        }
        for y in 0..<7 { #expect(fitted.pixel(x: 4, y: y) == image.pixel(x: 4, y: y)) }
        for x in 0..<5 { #expect(fitted.pixel(x: x, y: 6) == image.pixel(x: x, y: 6)) }
        // Smaller than a cell: nothing to fit.
        let tiny = noise(width: 1, height: 1, seed: 3)
        #expect(quadrants.apply(to: tiny) == tiny)
    }

    @Test("a shape and its complement are one fit; shapes past the cell's pixels are cut to it")
    func canonicalShapes() {
        let mosaic = CellMosaic(cell: PixelSize(width: 2, height: 2), shapes: [0b0001, 0b1110, 0b1_0000, 0b0011])
        #expect(mosaic.shapes == [0b1110, 0, 0b1100])
        #expect(mosaic == CellMosaic(cell: PixelSize(width: 2, height: 2), shapes: [0b1110, 0b0000, 0b1100]))
    }

    /// The 2×2 cell at `x`, `y`.
    func crop(_ image: RGBImage, x: Int, y: Int) -> RGBImage {
        var pixels: [UInt8] = []
        for row in y..<(y + 2) {
            for column in x..<(x + 2) {
                let pixel = image.pixel(x: column, y: row)
                pixels += [pixel.red, pixel.green, pixel.blue]
            }
        }
        return RGBImage(width: 2, height: 2, pixels: pixels)
    }

    /// The squared error of `shape` with its groups' exact means.
    func exactError(_ cell: RGBImage, shape: UInt64) -> Double {
        var error = 0.0
        for group in [true, false] {
            let members = (0..<4).filter { (shape >> UInt64($0) & 1 == 1) == group }
            guard !members.isEmpty else { continue }
            for channel in 0..<3 {
                let values = members.map { Double(cell.pixels[$0 * 3 + channel]) }
                let mean = values.reduce(0, +) / Double(values.count)
                error += values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
            }
        }
        return error
    }

    @Test("the packed fit holds each cell's shape and two colours in 12 bytes: unpacked, it paints the fitted pixels")
    func packed() {
        let image = noise(width: 9, height: 7, seed: 11)
        let fitted = quadrants.apply(to: image)
        let packed = quadrants.pack(image)
        #expect(packed.width == 4 * 4 && packed.height == 3)
        for row in 0..<3 {
            for column in 0..<4 {
                let cell = CellMosaic.unpack(packed, column: column, row: row)
                for index in 0..<4 {
                    let colour = cell.shape >> UInt64(index) & 1 == 1 ? cell.inside : cell.outside
                    let pixel = fitted.pixel(x: column * 2 + index % 2, y: row * 2 + index / 2)
                    #expect(colour == (pixel.red, pixel.green, pixel.blue), "cell \(column),\(row) pixel \(index)")
                }
            }
        }
        // Smaller than a cell: one cell, of the pixels there are.
        let tiny = quadrants.pack(RGBImage(width: 1, height: 1, red: 9, green: 8, blue: 7))
        #expect(tiny.width == 4 && tiny.height == 1)
        let only = CellMosaic.unpack(tiny, column: 0, row: 0)
        #expect(only.inside == (9, 8, 7) && only.outside == (9, 8, 7))
    }
}
