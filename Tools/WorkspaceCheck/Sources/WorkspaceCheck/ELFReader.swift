/// Reads the section headers of an ELF64 little-endian object file and sums its allocated
/// sections. Debug info, symbol tables, relocations and other non-allocated sections do not count.
enum ELFReader {
    private static let flagAlloc: UInt64 = 0x2
    private static let flagExecute: UInt64 = 0x4
    private static let typeNoBits: UInt32 = 8

    /// Why a file could not be read as ELF64.
    struct FormatError: Error, Equatable, Sendable {
        /// What is wrong with the file.
        let reason: String
    }

    /// The text, data and bss sizes of the object file `bytes`.
    static func size(of bytes: [UInt8]) throws(FormatError) -> ObjectSize {
        guard bytes.count >= 64, bytes[0] == 0x7F, bytes[1] == 0x45, bytes[2] == 0x4C, bytes[3] == 0x46 else {
            throw FormatError(reason: "not an ELF file")
        }
        guard bytes[4] == 2 else { throw FormatError(reason: "not a 64-bit ELF file") }
        guard bytes[5] == 1 else { throw FormatError(reason: "not a little-endian ELF file") }
        let headerOffset = Int(read64(bytes, 0x28))
        let entrySize = Int(read16(bytes, 0x3A))
        var count = Int(read16(bytes, 0x3C))
        guard headerOffset > 0, entrySize >= 64 else { return ObjectSize() }
        if count == 0 {  // more than 0xff00 sections: the real count is in section 0's sh_size
            guard headerOffset + 64 <= bytes.count else { throw FormatError(reason: "truncated section headers") }
            count = Int(read64(bytes, headerOffset + 0x20))
        }
        guard headerOffset + count * entrySize <= bytes.count else {
            throw FormatError(reason: "truncated section headers")
        }
        var size = ObjectSize()
        for index in 0..<count {
            let header = headerOffset + index * entrySize
            let type = read32(bytes, header + 0x04)
            let flags = read64(bytes, header + 0x08)
            let sectionSize = Int(read64(bytes, header + 0x20))
            guard flags & flagAlloc != 0 else { continue }
            if flags & flagExecute != 0 {
                size.text += sectionSize
            } else if type == typeNoBits {
                size.bss += sectionSize
            } else {
                size.data += sectionSize
            }
        }
        return size
    }

    private static func read16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    private static func read32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
    }

    private static func read64(_ bytes: [UInt8], _ offset: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
    }
}
