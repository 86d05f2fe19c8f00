// The Compression module: gzip over the system's zlib, for telemetry batches and the server that reads them.
import Foundation

/// gzip (RFC 1952) compression and bounded decompression of whole buffers.
public enum Gzip {
    /// Why a buffer could not be decompressed.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The bytes are not a complete gzip stream.
        case corrupt
        /// The decompressed size would pass `limit` bytes.
        case tooLarge(limit: Int)

        public var description: String {
            switch self {
            case .corrupt: "the body is not valid gzip"
            case .tooLarge(let limit): "the body decompresses to more than \(limit) bytes"
            }
        }
    }

    /// `data` compressed as one gzip member.
    public static func compress(_ data: Data, level: Int32 = 6) -> Data {
        // windowBits 15 + 16: a gzip header and trailer instead of zlib's.
        Deflate.compress(data, windowBits: 15 + 16, level: level)
    }

    /// `data` decompressed; throws when it is not gzip or would grow past `limit` bytes.
    public static func decompress(_ data: Data, limit: Int) throws(Failure) -> Data {
        try Deflate.decompress(data, windowBits: 15 + 16, limit: limit)
    }
}
