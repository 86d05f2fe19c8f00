/// A gzip stream of many zero bytes, built by hand (Foundation on Linux has no zlib API): one
/// deflate block with fixed Huffman codes, a literal 0 and then matches of 258 bytes at
/// distance 1, 13 bits each, so 128 MB of zeros take about 800 KB.
enum GzipZeros {
    /// The gzip file (header, deflate data, CRC-32 and length trailer) of `count` zero bytes.
    static func gzip(count: Int) -> [UInt8] {
        precondition(count >= 1)
        var bits = BitWriter()
        bits.write(1, count: 1)  // BFINAL
        bits.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
        bits.writeCode(0x30, length: 8)  // literal 0
        var left = count - 1
        while left >= 258 {
            bits.writeCode(0xC5, length: 8)  // length code 285: 258 bytes, no extra bits
            bits.writeCode(0, length: 5)  // distance code 0: distance 1
            left -= 258
        }
        for _ in 0..<left { bits.writeCode(0x30, length: 8) }
        bits.writeCode(0, length: 7)  // end of block (256)
        let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        return header + bits.finish() + littleEndian(crc32OfZeros(count)) + littleEndian(UInt32(truncatingIfNeeded: count))
    }

    /// The CRC-32 of `count` zero bytes, by squaring the zero-bit operator (as zlib's crc32_combine).
    static func crc32OfZeros(_ count: Int) -> UInt32 {
        var odd = [UInt32](repeating: 0, count: 32)
        odd[0] = 0xEDB8_8320
        for index in 1..<32 { odd[index] = 1 << UInt32(index - 1) }
        var even = square(odd)  // two zero bits
        odd = square(even)  // four zero bits
        var crc: UInt32 = 0xFFFF_FFFF
        var left = count
        while left != 0 {
            even = square(odd)  // first time round: one zero byte
            if left & 1 != 0 { crc = times(even, crc) }
            left >>= 1
            if left == 0 { break }
            odd = square(even)
            if left & 1 != 0 { crc = times(odd, crc) }
            left >>= 1
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// The CRC-32 of `bytes`, bit by bit (to check `crc32OfZeros` on small inputs).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    private static func times(_ matrix: [UInt32], _ vector: UInt32) -> UInt32 {
        var sum: UInt32 = 0
        var vector = vector
        var index = 0
        while vector != 0 {
            if vector & 1 != 0 { sum ^= matrix[index] }
            vector >>= 1
            index += 1
        }
        return sum
    }

    private static func square(_ matrix: [UInt32]) -> [UInt32] {
        matrix.map { times(matrix, $0) }
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) }
    }

    /// Deflate's bit order: values least significant bit first, Huffman codes most significant bit first.
    private struct BitWriter {
        private var bytes: [UInt8] = []
        private var buffer: UInt32 = 0
        private var filled: UInt32 = 0

        mutating func write(_ value: UInt32, count: UInt32) {
            buffer |= value << filled
            filled += count
            while filled >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                filled -= 8
            }
        }

        mutating func writeCode(_ code: UInt32, length: UInt32) {
            var reversed: UInt32 = 0
            for bit in 0..<length where code & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
            write(reversed, count: length)
        }

        mutating func finish() -> [UInt8] {
            if filled > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
            return bytes
        }
    }
}
