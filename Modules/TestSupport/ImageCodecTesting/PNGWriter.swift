import Compression
import Foundation

/// PNG files written byte by byte, as the specification lays them out, for decoder tests: every
/// colour type and bit depth, a palette and tRNS, Adam7 interlacing, the rows filtered with
/// each of the five filters in turn; and bare chunks, for files a decoder must refuse.
public enum PNGWriter {
    /// IHDR's colour types.
    public enum ColorType: UInt8, Sendable, CaseIterable {
        case grey = 0, rgb = 2, palette = 3, greyAlpha = 4, rgba = 6

        /// Samples per pixel.
        public var channels: Int {
            switch self {
            case .grey, .palette: 1
            case .greyAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }
    }

    /// The eight bytes every PNG starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A `width` × `height` file of `samples` (`colorType.channels` a pixel, row by row, each
    /// below 2^`bitDepth`; palette indices for `.palette`); `palette` is RGB triples, `transparency`
    /// tRNS's data as stored; IDAT is cut into chunks of `idatChunkBytes`.
    public static func make(
        width: Int, height: Int, colorType: ColorType, bitDepth: Int, samples: [UInt16], palette: [UInt8] = [],
        transparency: [UInt8]? = nil, interlaced: Bool = false, idatChunkBytes: Int = 1 << 16
    ) -> Data {
        precondition(samples.count == width * height * colorType.channels, "\(samples.count) samples for \(width)×\(height)")
        var chunks = [chunk("IHDR", header(width: width, height: height, bitDepth: bitDepth, colorType: colorType.rawValue, interlaced: interlaced))]
        if !palette.isEmpty { chunks.append(chunk("PLTE", palette)) }
        if let transparency { chunks.append(chunk("tRNS", transparency)) }
        let compressed = [UInt8](Zlib.compress(Data(scanlines(width: width, height: height, colorType: colorType, bitDepth: bitDepth, samples: samples, interlaced: interlaced))))
        for start in stride(from: 0, to: compressed.count, by: max(1, idatChunkBytes)) {
            chunks.append(chunk("IDAT", Array(compressed[start..<min(compressed.count, start + idatChunkBytes)])))
        }
        chunks.append(chunk("IEND", []))
        return file(chunks)
    }

    /// The signature followed by `chunks`.
    public static func file(_ chunks: [[UInt8]]) -> Data { Data(signature + chunks.joined()) }

    /// One chunk: its length, type, data and CRC.
    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(Zlib.crc32(typed))
    }

    /// IHDR's data (any values, checked or not).
    public static func header(width: Int, height: Int, bitDepth: Int, colorType: UInt8, interlaced: Bool = false) -> [UInt8] {
        bigEndian(UInt32(truncatingIfNeeded: width)) + bigEndian(UInt32(truncatingIfNeeded: height)) + [UInt8(bitDepth), colorType, 0, 0, interlaced ? 1 : 0]
    }

    /// The filtered rows, before compression: one image, or Adam7's seven (empty ones left out).
    public static func scanlines(width: Int, height: Int, colorType: ColorType, bitDepth: Int, samples: [UInt16], interlaced: Bool) -> [UInt8] {
        let passes: [(x: Int, y: Int, dx: Int, dy: Int)] = interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)] : [(0, 0, 1, 1)]
        let channels = colorType.channels
        let pixelBytes = max(1, channels * bitDepth / 8)
        var out: [UInt8] = []
        var rowNumber = 0
        for pass in passes {
            let columns = Array(stride(from: pass.x, to: width, by: pass.dx)), rows = Array(stride(from: pass.y, to: height, by: pass.dy))
            guard !columns.isEmpty, !rows.isEmpty else { continue }
            var previous = [UInt8](repeating: 0, count: (columns.count * channels * bitDepth + 7) / 8)
            var rowSamples: [UInt16] = []
            rowSamples.reserveCapacity(columns.count * channels)
            for y in rows {
                rowSamples.removeAll(keepingCapacity: true)
                for x in columns { rowSamples += samples[(y * width + x) * channels..<(y * width + x + 1) * channels] }
                let row = pack(rowSamples, bitDepth: bitDepth)
                let filter = UInt8(rowNumber % 5)
                rowNumber += 1
                out.append(filter)
                for index in row.indices {
                    let left = index >= pixelBytes ? row[index - pixelBytes] : 0, up = previous[index]
                    let upLeft = index >= pixelBytes ? previous[index - pixelBytes] : 0
                    let predicted: UInt8 = switch filter {
                    case 0: 0
                    case 1: left
                    case 2: up
                    case 3: UInt8((Int(left) + Int(up)) / 2)
                    default: paeth(left, up, upLeft)
                    }
                    out.append(row[index] &- predicted)
                }
                previous = row
            }
        }
        return out
    }

    /// A zlib stream of at least `count` zero bytes, about a thousandth of that size: fixed-Huffman
    /// blocks of one literal 0 and 8,006 copies of 258 bytes at distance 1, each block a whole
    /// number of bytes (18 + 13 × 8,006 bits), repeated; then an empty last block and the Adler-32.
    public static func zlibZeros(atLeast count: Int) -> [UInt8] {
        var block = DeflateBits()
        block.write(0b010, count: 3)  // not last, fixed Huffman (BTYPE 01, written low bit first)
        block.code(0x30, length: 8)  // literal 0
        for _ in 0..<8006 {
            block.code(0b1100_0101, length: 8)  // length code 285: 258 bytes
            block.code(0, length: 5)  // distance code 0: 1 byte back
        }
        block.code(0, length: 7)  // end of block
        let perBlock = 1 + 258 * 8006
        let blocks = max(1, (count + perBlock - 1) / perBlock)
        var last = DeflateBits()
        last.write(0b011, count: 3)  // last, fixed Huffman
        last.code(0, length: 7)
        let total = blocks * perBlock
        // Adler-32 of zeros: a stays 1, b adds 1 per byte.
        let adler = UInt32(total % 65_521) << 16 | 1
        var out: [UInt8] = [0x78, 0x01]
        let bytes = block.bytes
        out.reserveCapacity(2 + bytes.count * blocks + 6)
        for _ in 0..<blocks { out += bytes }
        return out + last.bytes + bigEndian(adler)
    }

    /// Deflate's bit order: fields low bit first, Huffman codes high bit first.
    struct DeflateBits {
        private(set) var bytes: [UInt8] = []
        private var used = 0

        mutating func write(_ value: UInt32, count: Int) {
            for bit in 0..<count {
                if used == 0 { bytes.append(0) }
                bytes[bytes.count - 1] |= UInt8((value >> UInt32(bit)) & 1) << UInt8(used)
                used = (used + 1) % 8
            }
        }

        mutating func code(_ code: UInt32, length: Int) {
            for bit in stride(from: length - 1, through: 0, by: -1) { write((code >> UInt32(bit)) & 1, count: 1) }
        }
    }

    /// Samples packed big-endian: several to a byte below 8 bits (the first in the high bits), two bytes each at 16.
    static func pack(_ samples: [UInt16], bitDepth: Int) -> [UInt8] {
        if bitDepth == 16 { return samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
        if bitDepth == 8 { return samples.map { UInt8($0) } }
        var bytes = [UInt8](repeating: 0, count: (samples.count * bitDepth + 7) / 8)
        for (index, sample) in samples.enumerated() {
            let bit = index * bitDepth
            bytes[bit / 8] |= UInt8(sample) << (8 - bitDepth - bit % 8)
        }
        return bytes
    }

    static func paeth(_ left: UInt8, _ up: UInt8, _ upLeft: UInt8) -> UInt8 {
        let estimate = Int(left) + Int(up) - Int(upLeft)
        let toLeft = abs(estimate - Int(left)), toUp = abs(estimate - Int(up)), toUpLeft = abs(estimate - Int(upLeft))
        if toLeft <= toUp && toLeft <= toUpLeft { return left }
        return toUp <= toUpLeft ? up : upLeft
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
