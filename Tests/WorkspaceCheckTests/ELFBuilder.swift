/// Builds minimal ELF64 little-endian object files with chosen sections.
enum ELFBuilder {
    /// One section: ELF type, flags and size.
    struct Section {
        let type: UInt32
        let flags: UInt64
        let size: UInt64
    }

    static let progbits: UInt32 = 1
    static let nobits: UInt32 = 8
    static let alloc: UInt64 = 0x2
    static let write: UInt64 = 0x1
    static let execute: UInt64 = 0x4

    /// The bytes of an object whose section headers describe `sections` (after the null section).
    static func object(_ sections: [Section]) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 64)
        bytes[0...3] = [0x7F, 0x45, 0x4C, 0x46]
        bytes[4] = 2  // 64-bit
        bytes[5] = 1  // little-endian
        put(&bytes, 0x28, UInt64(64), width: 8)  // e_shoff
        put(&bytes, 0x3A, UInt64(64), width: 2)  // e_shentsize
        put(&bytes, 0x3C, UInt64(sections.count + 1), width: 2)  // e_shnum
        bytes += [UInt8](repeating: 0, count: 64)  // the null section
        for section in sections {
            var header = [UInt8](repeating: 0, count: 64)
            put(&header, 0x04, UInt64(section.type), width: 4)
            put(&header, 0x08, section.flags, width: 8)
            put(&header, 0x20, section.size, width: 8)
            bytes += header
        }
        return bytes
    }

    private static func put(_ bytes: inout [UInt8], _ offset: Int, _ value: UInt64, width: Int) {
        for index in 0..<width {
            bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))
        }
    }
}
