extension RGBImage {
    /// The image turned upright from its stored `orientation`.
    public func oriented(_ orientation: ExifOrientation) -> RGBImage {
        guard orientation != .up else { return self }
        let (outWidth, outHeight) = orientation.swapsSides ? (height, width) : (width, height)
        var output = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        // The stored pixel that lands at (x, y) once upright.
                        let (sx, sy): (Int, Int)
                        switch orientation {
                        case .up: (sx, sy) = (x, y)
                        case .mirrored: (sx, sy) = (width - 1 - x, y)
                        case .down: (sx, sy) = (width - 1 - x, height - 1 - y)
                        case .downMirrored: (sx, sy) = (x, height - 1 - y)
                        case .leftMirrored: (sx, sy) = (y, x)
                        case .right: (sx, sy) = (y, height - 1 - x)
                        case .rightMirrored: (sx, sy) = (width - 1 - y, height - 1 - x)
                        case .left: (sx, sy) = (width - 1 - y, x)
                        }
                        let from = (sy * width + sx) * 3
                        let to = (y * outWidth + x) * 3
                        target[to] = source[from]
                        target[to + 1] = source[from + 1]
                        target[to + 2] = source[from + 2]
                    }
                }
            }
        }
        return RGBImage(width: outWidth, height: outHeight, pixels: output)
    }
}
