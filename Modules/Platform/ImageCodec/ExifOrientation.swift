import Foundation

/// How a JPEG's stored pixels must be turned to be seen upright: the EXIF orientation (tag 0x0112
/// of the APP1 "Exif" segment) that phone cameras write instead of rotating the pixels. Read from
/// the markers before the first scan, every offset checked: a file that says something impossible
/// is drawn as stored (`up`).
public enum ExifOrientation: Int, Sendable, CaseIterable {
    case up = 1, mirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// Whether the upright image's width is the stored height.
    public var swapsSides: Bool { rawValue >= 5 }

    /// The orientation `data` declares (`up` when it declares none).
    public static func of(_ data: Data) -> ExifOrientation {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return find(in: bytes) ?? .up
        }
    }

    /// At most this many marker segments are looked at before giving up.
    static let segmentLimit = 64

    private static func find(in bytes: UnsafeBufferPointer<UInt8>) -> ExifOrientation? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var index = 2
        for _ in 0..<segmentLimit {
            guard index + 4 <= bytes.count, bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            // Fill bytes and markers without a length.
            if marker == 0xFF { index += 1; continue }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { index += 2; continue }
            // The first scan or the end: no EXIF before it.
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 2, index + 2 + length <= bytes.count else { return nil }
            if marker == 0xE1, let found = orientation(in: bytes, from: index + 4, to: index + 2 + length) { return found }
            index += 2 + length
        }
        return nil
    }

    /// The orientation in one APP1 payload (`Exif\0\0` then a TIFF header and IFD0), if it has one.
    private static func orientation(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> ExifOrientation? {
        let exif: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
        guard end - start >= 14, (0..<6).allSatisfy({ bytes[start + $0] == exif[$0] }) else { return nil }
        let tiff = start + 6
        let little: Bool
        switch (bytes[tiff], bytes[tiff + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        // Reads a 16- or 32-bit number at `offset` from the TIFF header, inside the segment only.
        func number(_ offset: Int, _ size: Int) -> Int? {
            guard offset >= 0, offset <= end - tiff - size else { return nil }
            var value = 0
            for byte in 0..<size {
                let shift = little ? byte * 8 : (size - 1 - byte) * 8
                value |= Int(bytes[tiff + offset + byte]) << shift
            }
            return value
        }
        guard number(2, 2) == 42, let directory = number(4, 4), let count = number(directory, 2) else { return nil }
        for entry in 0..<min(count, 256) {
            let at = directory + 2 + entry * 12
            guard let tag = number(at, 2) else { return nil }
            guard tag == 0x0112 else { continue }
            // SHORT (type 3), one value, stored in the entry itself.
            guard number(at + 2, 2) == 3, let value = number(at + 8, 2) else { return nil }
            return ExifOrientation(rawValue: value)
        }
        return nil
    }
}
