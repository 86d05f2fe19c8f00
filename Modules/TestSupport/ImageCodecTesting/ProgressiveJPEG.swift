import Foundation

/// A progressive JPEG written byte by byte, as an attacker would: any size, any number of valid
/// scans, every coefficient zero (a flat grey), so a 6320×6320 file of 299 scans is ~250 KB.
/// Components are 4:4:4; scan 1 is the interleaved DC scan, the rest are AC scans of one
/// component and one coefficient (first passes at Al=1, then refinements to Al=0).
public enum ProgressiveJPEG {
    /// The bytes of a `width` × `height` file with `scans` scans (1...379).
    public static func make(width: Int, height: Int, scans: Int) -> Data {
        precondition((1...65_500).contains(width) && (1...65_500).contains(height) && (1...379).contains(scans))
        var out: [UInt8] = [0xFF, 0xD8]
        // One quantization table of ones.
        segment(0xDB, [0x00] + [UInt8](repeating: 1, count: 64), into: &out)
        // SOF2: 8-bit, height, width, 3 components (ids 1-3), 1×1 sampling, table 0.
        segment(0xC2, [8] + be16(height) + be16(width) + [3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0], into: &out)
        // DC table 0: one symbol, 0 (no difference), code "0". AC table 0: the EOB runs 0x00...0xE0, 4-bit codes.
        segment(0xC4, [0x00, 1] + [UInt8](repeating: 0, count: 15) + [0x00], into: &out)
        segment(0xC4, [0x10, 0, 0, 0, 15] + [UInt8](repeating: 0, count: 12) + (0...14).map { UInt8($0 << 4) }, into: &out)
        let blocks = ((width + 7) / 8) * ((height + 7) / 8)
        // The DC scan: one "0" bit per block.
        segment(0xDA, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 0, 0x00], into: &out)
        var dc = BitWriter()
        for _ in 0..<(blocks * 3) { dc.write(0, count: 1) }
        out += dc.finish()
        for index in 0..<(scans - 1) {
            // 63 × 3 first passes, then refinements in the same order.
            let refine = index >= 189
            let position = index % 189
            let component = UInt8(position % 3 + 1)
            let coefficient = UInt8(position / 3 + 1)
            segment(0xDA, [1, component, 0x00, coefficient, coefficient, refine ? 0x10 : 0x01], into: &out)
            out += eobRuns(blocks)
        }
        return Data(out + [0xFF, 0xD9])
    }

    /// `blocks` blocks with nothing in them, as EOB runs of up to 32767 blocks each.
    static func eobRuns(_ blocks: Int) -> [UInt8] {
        var bits = BitWriter()
        var left = blocks
        while left > 0 {
            let run = min(left, 32_767)
            let r = Int.bitWidth - 1 - run.leadingZeroBitCount
            bits.write(UInt32(r), count: 4)
            if r > 0 { bits.write(UInt32(run - (1 << r)), count: r) }
            left -= run
        }
        return bits.finish()
    }

    static func segment(_ marker: UInt8, _ body: [UInt8], into out: inout [UInt8]) {
        out += [0xFF, marker] + be16(body.count + 2) + body
    }

    static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    /// Entropy-coded bits, most significant first, with 0xFF stuffed and the last byte padded with ones.
    struct BitWriter {
        private var bytes: [UInt8] = []
        private var current: UInt32 = 0
        private var used = 0

        mutating func write(_ value: UInt32, count: Int) {
            for shift in stride(from: count - 1, through: 0, by: -1) {
                current = current << 1 | (value >> UInt32(shift) & 1)
                used += 1
                if used == 8 { flush() }
            }
        }

        mutating func finish() -> [UInt8] {
            if used > 0 {
                current = current << UInt32(8 - used) | (1 << UInt32(8 - used) - 1)
                used = 8
                flush()
            }
            return bytes
        }

        private mutating func flush() {
            bytes.append(UInt8(current))
            if current == 0xFF { bytes.append(0) }
            current = 0
            used = 0
        }
    }
}
