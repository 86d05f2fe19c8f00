import CZlib
import Foundation

/// zlib (RFC 1950) compression and bounded decompression of whole buffers: the kitty graphics
/// protocol's `o=z` payloads.
public enum Zlib {
    /// `data` compressed as one zlib stream.
    public static func compress(_ data: Data, level: Int32 = 6) -> Data {
        Deflate.compress(data, windowBits: 15, level: level)
    }

    /// `data` decompressed; throws when it is not a zlib stream or would grow past `limit` bytes.
    public static func decompress(_ data: Data, limit: Int) throws(Gzip.Failure) -> Data {
        try Deflate.decompress(data, windowBits: 15, limit: limit)
    }

    /// The CRC-32 of `bytes` continuing from `crc` (0 to start), as PNG chunks carry it.
    public static func crc32(_ bytes: [UInt8], continuing crc: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            UInt32(truncatingIfNeeded: CZlib.crc32(uLong(crc), buffer.baseAddress, uInt(buffer.count)))
        }
    }
}
