import ImageCodec

/// Where a block glyph puts its ink in the cell.
enum BlockInk: Sendable {
    /// Quadrants: bit 0 top left, 1 top right, 2 bottom left, 3 bottom right.
    case quadrants(UInt8)
    /// Sextants: bit 0 top left, 1 top right, 2 middle left, … 5 bottom right.
    case sextants(UInt8)
    /// The lower `n` eighths of the cell.
    case lower(Int)
    /// The left `n` eighths of the cell.
    case left(Int)

    /// The shape on a grid of `cell` pixels: the pixels whose centres the ink covers.
    func shape(on cell: PixelSize) -> UInt64 {
        var shape: UInt64 = 0
        for y in 0..<cell.height {
            for x in 0..<cell.width where covers(x: (Double(x) + 0.5) / Double(cell.width), y: (Double(y) + 0.5) / Double(cell.height)) {
                shape |= 1 << UInt64(y * cell.width + x)
            }
        }
        return shape
    }

    /// Whether the ink covers the point `x`, `y` of a unit cell (0…1 from the top left).
    func covers(x: Double, y: Double) -> Bool {
        switch self {
        case .quadrants(let bits): bits >> ((y < 0.5 ? 0 : 2) + (x < 0.5 ? 0 : 1)) & 1 == 1
        case .sextants(let bits): bits >> ((y < 1.0 / 3 ? 0 : y < 2.0 / 3 ? 2 : 4) + (x < 0.5 ? 0 : 1)) & 1 == 1
        case .lower(let eighths): y >= 1 - Double(eighths) / 8
        case .left(let eighths): x < Double(eighths) / 8
        }
    }

    /// The 16 quadrant blocks.
    static let quadrants: [(Character, BlockInk)] = {
        let glyphs: [Character] = [" ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█"]
        return glyphs.enumerated().map { ($0.element, .quadrants(UInt8($0.offset))) }
    }()

    /// The 60 sextants U+1FB00…, in their bit order, leaving out the four shapes block elements
    /// already have (empty, full, left and right half).
    static let sextants: [(Character, BlockInk)] = (1..<63).filter { $0 != 21 && $0 != 42 }.enumerated().map { offset, bits in
        (Character(Unicode.Scalar(0x1FB00 + UInt32(offset))!), .sextants(UInt8(bits)))
    }

    /// Lower eighth blocks (▁▂▃▄▅▆▇) of `counts` eighths.
    static func lowerEighths(_ counts: [Int]) -> [(Character, BlockInk)] {
        counts.map { (Character(Unicode.Scalar(0x2580 + UInt32($0))!), .lower($0)) }
    }

    /// Left eighth blocks (▏▎▍▌▋▊▉) of `counts` eighths.
    static func leftEighths(_ counts: [Int]) -> [(Character, BlockInk)] {
        counts.map { (Character(Unicode.Scalar(0x2590 - UInt32($0))!), .left($0)) }
    }
}
