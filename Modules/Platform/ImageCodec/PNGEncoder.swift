import Compression
import Foundation

/// Encodes RGB images as PNG (RFC 2083: 8-bit truecolour or palette, one IDAT): each row with the
/// filter that leaves the smallest sum of differences (none, sub, up, average, Paeth), then
/// deflate. The kitty graphics protocol's payload (`f=100`): far fewer bytes than raw pixels.
public enum PNGEncoder {
    /// `image` as a PNG file, every pixel kept.
    public static func encode(_ image: RGBImage) -> Data {
        let rows = image.pixels.withUnsafeBufferPointer {
            filtered($0, stride: image.width * 3, height: image.height, bytesPerPixel: 3)
        }
        return file(width: image.width, height: image.height, colorType: 2, palette: nil, rows: rows)
    }

    /// `image` as a palette PNG of at most `maxColors` colours of its own (median cut,
    /// `ColorPalette`): a byte a pixel instead of three, so a photo takes several times fewer
    /// bytes than `encode(_:)` at a small loss (each pixel becomes its colour box's mean).
    public static func encodePalette(_ image: RGBImage, maxColors: Int = 256) -> Data {
        let palette = ColorPalette(image, maxColors: maxColors)
        let rows = palette.registers.withUnsafeBufferPointer {
            filtered($0, stride: image.width, height: image.height, bytesPerPixel: 1)
        }
        return file(width: image.width, height: image.height, colorType: 3, palette: palette, rows: rows)
    }

    /// Each row of `bytes` behind its filter byte: the filter (none, sub, up, average, Paeth)
    /// that leaves the smallest sum of differences.
    private static func filtered(_ bytes: UnsafeBufferPointer<UInt8>, stride: Int, height: Int, bytesPerPixel bpp: Int) -> [UInt8] {
        var filtered = [UInt8]()
        filtered.reserveCapacity((stride + 1) * height)
        var candidate = [UInt8](repeating: 0, count: stride)
        var best = [UInt8](repeating: 0, count: stride)
        for y in 0..<height {
            let row = y * stride
            var bestFilter: UInt8 = 0
            var bestCost = Int.max
            for filter in UInt8(0)...(bpp == 1 ? 0 : 4) {
                var cost = 0
                for x in 0..<stride {
                    let current = bytes[row + x]
                    let left = x >= bpp ? bytes[row + x - bpp] : 0
                    let up = y > 0 ? bytes[row - stride + x] : 0
                    let upLeft = x >= bpp && y > 0 ? bytes[row - stride + x - bpp] : 0
                    let predicted: UInt8 = switch filter {
                    case 0: 0
                    case 1: left
                    case 2: up
                    case 3: UInt8((Int(left) + Int(up)) / 2)
                    default: paeth(left, up, upLeft)
                    }
                    let value = current &- predicted
                    candidate[x] = value
                    cost += value < 128 ? Int(value) : 256 - Int(value)
                }
                if cost < bestCost {
                    bestCost = cost
                    bestFilter = filter
                    swap(&best, &candidate)
                }
            }
            filtered.append(bestFilter)
            filtered.append(contentsOf: best)
        }
        return filtered
    }

    /// The PNG file: signature, header (8 bits a sample, `colorType`), the palette when given,
    /// the filtered rows deflated in one IDAT, the end.
    private static func file(width: Int, height: Int, colorType: UInt8, palette: ColorPalette?, rows: [UInt8]) -> Data {
        var header = [UInt8]()
        header += bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, colorType, 0, 0, 0]  // 8 bits, deflate, adaptive filtering, no interlace
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += chunk("IHDR", header)
        if let palette { file += chunk("PLTE", palette.colors.flatMap { [$0.red, $0.green, $0.blue] }) }
        file += chunk("IDAT", [UInt8](Zlib.compress(Data(rows), level: 6)))
        file += chunk("IEND", [])
        return Data(file)
    }

    /// The Paeth predictor: whichever of left, up and up-left is nearest to left + up − up-left.
    static func paeth(_ left: UInt8, _ up: UInt8, _ upLeft: UInt8) -> UInt8 {
        let estimate = Int(left) + Int(up) - Int(upLeft)
        let toLeft = abs(estimate - Int(left)), toUp = abs(estimate - Int(up)), toUpLeft = abs(estimate - Int(upLeft))
        if toLeft <= toUp && toLeft <= toUpLeft { return left }
        return toUp <= toUpLeft ? up : upLeft
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(Zlib.crc32(typed))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
