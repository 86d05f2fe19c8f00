extension RGBImage {
    /// The image resampled to `size` by area averaging: each output pixel is the mean of the
    /// source area it covers (partial pixels weighted by coverage), so the mean colour is kept.
    public func resized(to size: PixelSize) -> RGBImage {
        resized(to: size, covering: (Double(width), Double(height)))
    }

    /// The image resampled to `size`, where only its first `extent` pixels (fractional: libjpeg's
    /// DCT scaling rounds a side up, and its last row or column stands for part of one) map onto
    /// the output; a partial last pixel weighs as much as it covers.
    func resized(to size: PixelSize, covering extent: (width: Double, height: Double)) -> RGBImage {
        precondition(size.width > 0 && size.height > 0, "resized(to:) needs a non-empty size")
        let extent = (width: min(Double(width), max(1, extent.width)), height: min(Double(height), max(1, extent.height)))
        if size == self.size && extent == (Double(width), Double(height)) { return self }
        let columns = AreaResampler.contributions(from: width, extent: extent.width, to: size.width)
        let rows = AreaResampler.contributions(from: height, extent: extent.height, to: size.height)
        // Horizontal pass: every source row to the output width, as floats.
        var horizontal = [Float](repeating: 0, count: size.width * height * 3)
        pixels.withUnsafeBufferPointer { source in
            horizontal.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    let sourceRow = y * width * 3
                    let targetRow = y * size.width * 3
                    for x in 0..<size.width {
                        var red: Float = 0, green: Float = 0, blue: Float = 0
                        for contribution in columns[x] {
                            let index = sourceRow + contribution.index * 3
                            red += Float(source[index]) * contribution.weight
                            green += Float(source[index + 1]) * contribution.weight
                            blue += Float(source[index + 2]) * contribution.weight
                        }
                        target[targetRow + x * 3] = red
                        target[targetRow + x * 3 + 1] = green
                        target[targetRow + x * 3 + 2] = blue
                    }
                }
            }
        }
        // Vertical pass: rows of the horizontal result to the output height, rounded to bytes.
        let stride = size.width * 3
        var output = [UInt8](repeating: 0, count: size.height * stride)
        horizontal.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                for y in 0..<size.height {
                    for offset in 0..<stride {
                        var sum: Float = 0
                        for contribution in rows[y] {
                            sum += source[contribution.index * stride + offset] * contribution.weight
                        }
                        target[y * stride + offset] = UInt8(max(0, min(255, sum.rounded())))
                    }
                }
            }
        }
        return RGBImage(width: size.width, height: size.height, pixels: output)
    }
}

/// The weights of a one-dimensional area average (a box filter as wide as one output pixel).
enum AreaResampler {
    struct Contribution {
        let index: Int
        let weight: Float
    }

    /// For each of `target` output pixels, the source pixels it covers and their weights (summing
    /// to 1), the output spanning the first `extent` source pixels (all of them by default).
    static func contributions(from source: Int, extent: Double? = nil, to target: Int) -> [[Contribution]] {
        let scale = (extent ?? Double(source)) / Double(target)
        return (0..<target).map { index in
            let start = Double(index) * scale
            let end = Double(index + 1) * scale
            var result: [Contribution] = []
            var position = Int(start.rounded(.down))
            while Double(position) < end, position < source {
                let covered = min(Double(position + 1), end) - max(Double(position), start)
                if covered > 1e-9 { result.append(Contribution(index: position, weight: Float(covered / scale))) }
                position += 1
            }
            if result.isEmpty { result.append(Contribution(index: min(source - 1, Int(start)), weight: 1)) }
            return result
        }
    }
}
