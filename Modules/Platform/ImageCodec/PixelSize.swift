/// A width and height in pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int

    /// Creates a size; callers keep both sides at least 1 where an image is meant.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Width times height.
    public var pixelCount: Int { width * height }

    /// The same size on its side: width and height traded.
    public var swapped: PixelSize { PixelSize(width: height, height: width) }

    /// The largest size with the aspect ratio of `source` that fits in `self` (each side at least 1).
    public func fitting(aspectOf source: PixelSize) -> PixelSize {
        guard source.width > 0, source.height > 0, width > 0, height > 0 else { return PixelSize(width: max(1, width), height: max(1, height)) }
        // Compare width/height ratios without floating point: source.w * h vs source.h * w.
        if source.width * height >= source.height * width {
            let fittedHeight = (source.height * width + source.width / 2) / source.width
            return PixelSize(width: width, height: min(height, max(1, fittedHeight)))
        }
        let fittedWidth = (source.width * height + source.height / 2) / source.height
        return PixelSize(width: min(width, max(1, fittedWidth)), height: height)
    }

    public var description: String { "\(width)×\(height)" }
}
