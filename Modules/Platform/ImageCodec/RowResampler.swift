/// An area average fed one RGB source row at a time, top to bottom, so a decode that streams
/// its rows never holds the image at full size: each row is averaged across to the target width
/// at once and added, weighted by the share of each output row it covers, to those rows. The
/// sums are the ones `resized(to:covering:)` has always made, in the same order, so the result
/// is the same to the bit whichever way the rows arrive.
struct RowResampler {
    /// The output's size.
    let target: PixelSize
    private let sourceWidth: Int
    private let columns: [[AreaResampler.Contribution]]
    /// Source rows per output row, and the source rows the output spans (fractional).
    private let scale: Double
    private let extentHeight: Double
    private var sums: [Float]
    private var across: [Float]
    /// Source rows added so far.
    private(set) var rowsAdded = 0

    /// A resampler from `sourceWidth` pixels across to `target`, the output spanning the first
    /// `extent` source pixels of each side (at least 1, at most the source's).
    init(sourceWidth: Int, extent: (width: Double, height: Double), target: PixelSize) {
        precondition(sourceWidth > 0 && target.width > 0 && target.height > 0, "RowResampler needs non-empty sizes")
        self.target = target
        self.sourceWidth = sourceWidth
        columns = AreaResampler.contributions(from: sourceWidth, extent: extent.width, to: target.width)
        scale = extent.height / Double(target.height)
        extentHeight = extent.height
        sums = [Float](repeating: 0, count: target.pixelCount * 3)
        across = [Float](repeating: 0, count: target.width * 3)
    }

    /// The bytes a resampler from `sourceWidth` to `target` holds, and the image it returns:
    /// the sums, one row across, the column weights (16 bytes each, about one per source column
    /// and two per output column, and an array per output column) and the output's pixels.
    static func bytes(sourceWidth: Int, target: PixelSize) -> Int {
        target.pixelCount * 3 * 4 + target.width * 3 * 4 + (sourceWidth + 2 * target.width) * 16 + target.width * 48 + target.pixelCount * 3
    }

    /// Adds the next source row: `sourceWidth` × 3 bytes (red, green, blue).
    mutating func add(_ row: UnsafeBufferPointer<UInt8>) {
        precondition(row.count >= sourceWidth * 3, "RowResampler: a row of \(row.count) bytes")
        let y = rowsAdded
        rowsAdded += 1
        // Rows past the extent (a DCT-scaled image's rounded-up last row, beyond its share) count for nothing.
        guard Double(y) < extentHeight else { return }
        let stride = target.width * 3
        columns.withUnsafeBufferPointer { columns in
            across.withUnsafeMutableBufferPointer { across in
                for x in 0..<target.width {
                    var red: Float = 0, green: Float = 0, blue: Float = 0
                    for contribution in columns[x] {
                        let index = contribution.index * 3
                        red += Float(row[index]) * contribution.weight
                        green += Float(row[index + 1]) * contribution.weight
                        blue += Float(row[index + 2]) * contribution.weight
                    }
                    across[x * 3] = red
                    across[x * 3 + 1] = green
                    across[x * 3 + 2] = blue
                }
            }
        }
        // The output rows whose span [o × scale, (o + 1) × scale) meets this row's [y, y + 1),
        // weighted as AreaResampler.contributions weighs them.
        let top = Double(y), bottom = Double(y + 1)
        var output = max(0, Int((top / scale).rounded(.down)) - 1)
        across.withUnsafeBufferPointer { across in
            sums.withUnsafeMutableBufferPointer { sums in
                while output < target.height {
                    let start = Double(output) * scale
                    guard start < bottom else { break }
                    let covered = min(bottom, Double(output + 1) * scale) - max(top, start)
                    if covered > 1e-9 {
                        let weight = Float(covered / scale)
                        let base = output * stride
                        for offset in 0..<stride { sums[base + offset] += across[offset] * weight }
                    }
                    output += 1
                }
            }
        }
    }

    /// The output: each sum rounded to a byte.
    func image() -> RGBImage {
        let pixels = sums.map { UInt8(max(0, min(255, $0.rounded()))) }
        return RGBImage(width: target.width, height: target.height, pixels: pixels)
    }
}
