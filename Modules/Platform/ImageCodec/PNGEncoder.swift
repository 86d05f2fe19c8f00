import Compression
import Foundation

/// Encodes RGB images as PNG (RFC 2083: 8-bit truecolour, one IDAT): each row with the filter
/// that leaves the smallest sum of differences (none, sub, up, average, Paeth), then deflate. The
/// kitty graphics protocol's payload (`f=100`): photos take far fewer bytes than their raw pixels.
public enum PNGEncoder {
    /// `image` as a PNG file.
    public static func encode(_ image: RGBImage) -> Data {
        let stride = image.width * 3
        var filtered = [UInt8]()
        filtered.reserveCapacity((stride + 1) * image.height)
        var candidate = [UInt8](repeating: 0, count: stride)
        var best = [UInt8](repeating: 0, count: stride)
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<image.height {
                let row = y * stride
                var bestFilter: UInt8 = 0
                var bestCost = Int.max
                for filter in UInt8(0)...4 {
                    var cost = 0
                    for x in 0..<stride {
                        let current = pixels[row + x]
                        let left = x >= 3 ? pixels[row + x - 3] : 0
                        let up = y > 0 ? pixels[row - stride + x] : 0
                        let upLeft = x >= 3 && y > 0 ? pixels[row - stride + x - 3] : 0
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
        }
        var header = [UInt8]()
        header += bigEndian(UInt32(image.width)) + bigEndian(UInt32(image.height))
        header += [8, 2, 0, 0, 0]  // 8 bits, truecolour, deflate, adaptive filtering, no interlace
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += chunk("IHDR", header)
        file += chunk("IDAT", [UInt8](Zlib.compress(Data(filtered), level: 6)))
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
