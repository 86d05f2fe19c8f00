/// Fits each cell of an image with two colours and a shape: the image is cut into cells of
/// `cell` pixels, and each cell takes the shape (a set of its pixels) whose two groups' mean
/// colours leave the least squared error, each pixel then painted its group's mean. What a
/// terminal symbol can show of a cell (a quadrant or sextant block in a foreground and a
/// background colour), chosen per cell by error.
public struct CellMosaic: Hashable, Sendable {
    /// The pixels of one cell, e.g. 2×2 for quadrants.
    public let cell: PixelSize
    /// The shapes a cell may take: bit `y * cell.width + x` set for the pixels of one group.
    /// A shape and its complement are the same fit; either may be listed.
    public let shapes: [UInt64]

    /// Creates a mosaic; `cell` holds at most 48 pixels (a packed cell keeps 48 bits of shape)
    /// and `shapes` at least one shape.
    public init(cell: PixelSize, shapes: [UInt64]) {
        precondition(cell.width > 0 && cell.height > 0 && cell.pixelCount <= 48 && !shapes.isEmpty, "CellMosaic: \(cell), \(shapes.count) shapes")
        self.cell = cell
        let all: UInt64 = (1 << UInt64(cell.pixelCount)) - 1
        // One of each shape/complement pair, in order: the fit is the same for both.
        var seen = Set<UInt64>()
        self.shapes = shapes.compactMap { shape in
            let masked = shape & all
            let canonical = masked & 1 == 0 ? masked : ~masked & all
            return seen.insert(canonical).inserted ? canonical : nil
        }
    }

    /// The image with each whole cell painted in two colours by its best shape; a partial cell at
    /// the right or bottom edge (the image not a whole number of cells) keeps its pixels.
    public func apply(to image: RGBImage) -> RGBImage {
        let columns = image.width / cell.width, rows = image.height / cell.height
        guard columns > 0, rows > 0 else { return image }
        let packed = pack(image)
        var pixels = image.pixels
        for row in 0..<rows {
            for column in 0..<columns {
                let fit = Self.unpack(packed, column: column, row: row)
                for index in 0..<cell.pixelCount {
                    let offset = ((row * cell.height + index / cell.width) * image.width + column * cell.width + index % cell.width) * 3
                    (pixels[offset], pixels[offset + 1], pixels[offset + 2]) = fit.shape >> UInt64(index) & 1 == 1 ? fit.inside : fit.outside
                }
            }
        }
        return RGBImage(width: image.width, height: image.height, pixels: pixels)
    }

    /// The fit of each whole cell, packed four pixels a cell in a row of cells (`columns` × 4 by
    /// `rows`): the shape's colour, the other group's colour, then the shape's bits (48 at most,
    /// low byte first). What a screen draws cells from: 12 bytes a cell, not the cell's pixels.
    /// An image smaller than a cell counts as one cell (its edge pixels repeated).
    public func pack(_ image: RGBImage) -> RGBImage {
        let columns = max(1, image.width / cell.width), rows = max(1, image.height / cell.height)
        var packed = [UInt8](repeating: 0, count: columns * 4 * rows * 3)
        let count = cell.pixelCount
        var values = [Int32](repeating: 0, count: count * 3)
        image.pixels.withUnsafeBufferPointer { pixels in
            for row in 0..<rows {
                for column in 0..<columns {
                    for index in 0..<count {
                        let x = min(image.width - 1, column * cell.width + index % cell.width)
                        let y = min(image.height - 1, row * cell.height + index / cell.width)
                        let offset = (y * image.width + x) * 3
                        for channel in 0..<3 { values[index * 3 + channel] = Int32(pixels[offset + channel]) }
                    }
                    let (shape, inside, outside) = bestFit(values, count: count)
                    let base = (row * columns + column) * 12
                    (packed[base], packed[base + 1], packed[base + 2]) = inside
                    (packed[base + 3], packed[base + 4], packed[base + 5]) = outside
                    for byte in 0..<6 { packed[base + 6 + byte] = UInt8(truncatingIfNeeded: shape >> UInt64(byte * 8)) }
                }
            }
        }
        return RGBImage(width: columns * 4, height: rows, pixels: packed)
    }

    /// One cell of a packed fit (`pack`): its shape and the colours inside and outside it.
    public static func unpack(
        _ packed: RGBImage, column: Int, row: Int
    ) -> (shape: UInt64, inside: (UInt8, UInt8, UInt8), outside: (UInt8, UInt8, UInt8)) {
        let base = (row * packed.width + column * 4) * 3
        return packed.pixels.withUnsafeBufferPointer { pixels in
            var shape: UInt64 = 0
            for byte in 0..<6 { shape |= UInt64(pixels[base + 6 + byte]) << UInt64(byte * 8) }
            return (shape, (pixels[base], pixels[base + 1], pixels[base + 2]), (pixels[base + 3], pixels[base + 4], pixels[base + 5]))
        }
    }

    /// The shape whose two groups' means leave the least squared error, and those means.
    /// The error is Σ|p|² − |S₁|²/n₁ − |S₀|²/n₀ for group sums S and sizes n, so the best shape
    /// has the largest |S₁|²/n₁ + |S₀|²/n₀; Σ|p|² is the same for every shape.
    private func bestFit(_ values: [Int32], count: Int) -> (UInt64, (UInt8, UInt8, UInt8), (UInt8, UInt8, UInt8)) {
        var total = (Int64(0), Int64(0), Int64(0))
        for index in 0..<count {
            total.0 += Int64(values[index * 3])
            total.1 += Int64(values[index * 3 + 1])
            total.2 += Int64(values[index * 3 + 2])
        }
        var best: (score: Double, shape: UInt64, inside: (Int64, Int64, Int64), size: Int) = (-1, 0, (0, 0, 0), 0)
        for shape in shapes {
            var sum = (Int64(0), Int64(0), Int64(0)), size = 0
            var bits = shape
            while bits != 0 {
                let index = bits.trailingZeroBitCount
                bits &= bits - 1
                sum.0 += Int64(values[index * 3])
                sum.1 += Int64(values[index * 3 + 1])
                sum.2 += Int64(values[index * 3 + 2])
                size += 1
            }
            let rest = (total.0 - sum.0, total.1 - sum.1, total.2 - sum.2), restSize = count - size
            var score = 0.0
            if size > 0 { score += Double(sum.0 * sum.0 + sum.1 * sum.1 + sum.2 * sum.2) / Double(size) }
            if restSize > 0 { score += Double(rest.0 * rest.0 + rest.1 * rest.1 + rest.2 * rest.2) / Double(restSize) }
            if score > best.score + 1e-9 { best = (score, shape, sum, size) }
        }
        let rest = (total.0 - best.inside.0, total.1 - best.inside.1, total.2 - best.inside.2), restSize = count - best.size
        return (best.shape, Self.mean(best.inside, best.size, fallback: rest, restSize), Self.mean(rest, restSize, fallback: best.inside, best.size))
    }

    /// The rounded mean of `sum` over `size` pixels (the other group's when this one is empty).
    private static func mean(_ sum: (Int64, Int64, Int64), _ size: Int, fallback: (Int64, Int64, Int64), _ fallbackSize: Int) -> (UInt8, UInt8, UInt8) {
        let (s, n) = size > 0 ? (sum, Int64(size)) : (fallback, Int64(max(1, fallbackSize)))
        return (UInt8((s.0 + n / 2) / n), UInt8((s.1 + n / 2) / n), UInt8((s.2 + n / 2) / n))
    }
}
