// The Compression module: gzip over the system's zlib, for telemetry batches and the server that reads them.
import CZlib
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
        var stream = z_stream()
        // windowBits 15 + 16: a gzip header and trailer instead of zlib's.
        guard deflateInit2_(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { preconditionFailure("zlib could not start a gzip stream") }
        defer { deflateEnd(&stream) }
        var input = [UInt8](data)
        let bound = Int(deflateBound(&stream, uLong(input.count))) + 32
        var output = [UInt8](repeating: 0, count: bound)
        let written = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                let code = deflate(&stream, Z_FINISH)
                precondition(code == Z_STREAM_END, "deflateBound was too small")
                return outBuffer.count - Int(stream.avail_out)
            }
        }
        return Data(output[0..<written])
    }

    /// `data` decompressed; throws when it is not gzip or would grow past `limit` bytes.
    public static func decompress(_ data: Data, limit: Int) throws(Failure) -> Data {
        var stream = z_stream()
        guard inflateInit2_(&stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { throw .corrupt }
        defer { inflateEnd(&stream) }
        var input = [UInt8](data)
        var result = Data()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var code: Int32 = Z_OK
        var failure: Failure?
        input.withUnsafeMutableBufferPointer { inBuffer in
            stream.next_in = inBuffer.baseAddress
            stream.avail_in = uInt(inBuffer.count)
            while code != Z_STREAM_END {
                let produced = chunk.withUnsafeMutableBufferPointer { outBuffer -> Int in
                    stream.next_out = outBuffer.baseAddress
                    stream.avail_out = uInt(outBuffer.count)
                    code = inflate(&stream, Z_NO_FLUSH)
                    return outBuffer.count - Int(stream.avail_out)
                }
                guard code == Z_OK || code == Z_STREAM_END else { failure = .corrupt; return }
                guard result.count + produced <= limit else { failure = .tooLarge(limit: limit); return }
                result.append(contentsOf: chunk[0..<produced])
                // No progress with input left means a truncated stream.
                if code == Z_OK && produced == 0 && stream.avail_in == 0 { failure = .corrupt; return }
            }
        }
        if let failure { throw failure }
        return result
    }
}
