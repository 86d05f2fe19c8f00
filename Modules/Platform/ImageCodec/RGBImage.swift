/// Decoded pixels: rows top to bottom, each pixel three bytes (red, green, blue).
public struct RGBImage: Hashable, Sendable {
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int
    /// `width * height * 3` bytes, row by row.
    public let pixels: [UInt8]

    /// Creates an image; `pixels` must hold exactly `width * height * 3` bytes.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 3, "RGBImage: \(pixels.count) bytes for \(width)×\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image of one colour.
    public init(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8) {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for index in stride(from: 0, to: pixels.count, by: 3) {
            pixels[index] = red
            pixels[index + 1] = green
            pixels[index + 2] = blue
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// The image's size.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// The memory the pixels take, in bytes.
    public var byteCount: Int { pixels.count }

    /// The colour at `x`, `y` (both from 0).
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let index = (y * width + x) * 3
        return (pixels[index], pixels[index + 1], pixels[index + 2])
    }

    /// The mean of each channel over the whole image.
    public var meanColor: (red: Double, green: Double, blue: Double) {
        var sums = (0, 0, 0)
        for index in stride(from: 0, to: pixels.count, by: 3) {
            sums.0 += Int(pixels[index])
            sums.1 += Int(pixels[index + 1])
            sums.2 += Int(pixels[index + 2])
        }
        let count = Double(width * height)
        return (Double(sums.0) / count, Double(sums.1) / count, Double(sums.2) / count)
    }
}
