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
        var resampler = RowResampler(sourceWidth: width, extent: extent, target: size)
        let stride = width * 3
        pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height { resampler.add(UnsafeBufferPointer(rebasing: pixels[y * stride..<(y + 1) * stride])) }
        }
        return resampler.image()
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
