import Foundation
import ImageCodec
import Testing

/// Phone photos keep their pixels as shot and say in EXIF how to turn them: every orientation is
/// drawn upright, at full size and to a box; a hostile or truncated EXIF is drawn as stored.
@Suite struct ExifOrientationTests {
    /// A 64×32 photo: red top-left quarter, green top-right, blue bottom-left, white bottom-right.
    static let stored: RGBImage = {
        var pixels = [UInt8](repeating: 0, count: 64 * 32 * 3)
        for y in 0..<32 {
            for x in 0..<64 {
                let colour: (UInt8, UInt8, UInt8) = switch (x < 32, y < 16) {
                case (true, true): (255, 0, 0)
                case (false, true): (0, 255, 0)
                case (true, false): (0, 0, 255)
                case (false, false): (255, 255, 255)
                }
                let index = (y * 64 + x) * 3
                (pixels[index], pixels[index + 1], pixels[index + 2]) = colour
            }
        }
        return RGBImage(width: 64, height: 32, pixels: pixels)
    }()

    /// `jpeg` with an APP1 EXIF segment (IFD0 with the orientation tag) right after SOI.
    static func withOrientation(_ value: UInt16, littleEndian: Bool, jpeg: Data) -> Data {
        func u16(_ v: UInt16) -> [UInt8] { littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func u32(_ v: UInt32) -> [UInt8] { littleEndian ? (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } : (0..<4).reversed().map { UInt8((v >> (8 * $0)) & 0xFF) } }
        var tiff: [UInt8] = (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42) + u32(8)
        tiff += u16(2)  // two entries: one other tag, then the orientation
        tiff += u16(0x010F) + u16(2) + u32(4) + [0x41, 0x43, 0x4D, 0]  // Make "ACM"
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(value) + [0, 0]
        tiff += u32(0)
        let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        let length = UInt16(payload.count + 2)
        return Data([0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload) + jpeg.dropFirst(2)
    }

    /// The colour at the middle of each quarter: top-left, top-right, bottom-left, bottom-right.
    static func corners(_ image: RGBImage) -> [String] {
        [(1, 1), (3, 1), (1, 3), (3, 3)].map { qx, qy in
            let index = ((image.height * qy / 4) * image.width + image.width * qx / 4) * 3
            let (r, g, b) = (image.pixels[index] > 128, image.pixels[index + 1] > 128, image.pixels[index + 2] > 128)
            return switch (r, g, b) {
            case (true, false, false): "red"
            case (false, true, false): "green"
            case (false, false, true): "blue"
            case (true, true, true): "white"
            default: "?"
            }
        }
    }

    @Test("each orientation is drawn upright, full size and to a box, either byte order", arguments: ExifOrientation.allCases)
    func everyOrientationIsDrawnUpright(orientation: ExifOrientation) throws {
        let jpeg = try JPEGEncoder(quality: 95).encode(Self.stored)
        // Where each stored quarter (red, green, blue, white) ends up once upright.
        let expected: [String] = switch orientation {
        case .up: ["red", "green", "blue", "white"]
        case .mirrored: ["green", "red", "white", "blue"]
        case .down: ["white", "blue", "green", "red"]
        case .downMirrored: ["blue", "white", "red", "green"]
        case .leftMirrored: ["red", "blue", "green", "white"]
        case .right: ["blue", "red", "white", "green"]
        case .rightMirrored: ["white", "green", "blue", "red"]
        case .left: ["green", "white", "red", "blue"]
        }
        for little in [true, false] {
            let data = Self.withOrientation(UInt16(orientation.rawValue), littleEndian: little, jpeg: jpeg)
            #expect(ExifOrientation.of(data) == orientation)
            let decoder = JPEGDecoder()
            let upright = orientation.swapsSides ? PixelSize(width: 32, height: 64) : PixelSize(width: 64, height: 32)
            #expect(try decoder.dimensions(of: data) == upright)
            let full = try decoder.decode(data)
            #expect(full.size == upright)
            #expect(Self.corners(full) == expected, "\(orientation) full size")
            let boxed = try decoder.decode(data, to: PixelSize(width: 40, height: 40), resize: .aspectFit)
            #expect(boxed.size == (orientation.swapsSides ? PixelSize(width: 20, height: 40) : PixelSize(width: 40, height: 20)))
            #expect(Self.corners(boxed) == expected, "\(orientation) in a box")
        }
    }

    @Test("a missing, truncated, lying or endless EXIF is drawn as stored")
    func hostileExifIsIgnored() throws {
        let jpeg = try JPEGEncoder().encode(Self.stored)
        #expect(ExifOrientation.of(jpeg) == .up)
        let good = Self.withOrientation(6, littleEndian: true, jpeg: jpeg)
        #expect(ExifOrientation.of(good) == .right)
        // Every cut of the segment: never a crash, never a wrong answer.
        for cut in 4..<60 {
            var truncated = good
            truncated.removeSubrange(cut..<min(good.count, cut + 8))
            #expect([.up, .right].contains(ExifOrientation.of(truncated)))
        }
        #expect(ExifOrientation.of(Self.withOrientation(9, littleEndian: true, jpeg: jpeg)) == .up, "9 is no orientation")
        #expect(ExifOrientation.of(Self.withOrientation(0xFFFF, littleEndian: false, jpeg: jpeg)) == .up)
        // An IFD offset pointing past the segment, and a length past the file.
        var far = good
        far[18] = 0xFF
        far[19] = 0xFF
        #expect(ExifOrientation.of(far) == .up)
        #expect(ExifOrientation.of(Data([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF, 0x45])) == .up)
        #expect(ExifOrientation.of(Data([0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: 10_000))) == .up)
        #expect(try JPEGDecoder().decode(far).size == Self.stored.size)
    }
}
