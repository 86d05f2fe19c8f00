import CZlib
import Foundation

/// zlib's deflate over whole buffers, in the wrapping `windowBits` picks (15: zlib, RFC 1950;
/// 15 + 16: gzip, RFC 1952); decompression bounded by `limit` bytes.
enum Deflate {
    /// `data` compressed whole.
    static func compress(_ data: Data, windowBits: Int32, level: Int32) -> Data {
        var stream = z_stream()
        guard deflateInit2_(&stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { preconditionFailure("zlib could not start a deflate stream") }
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

    /// `data` decompressed; throws when it is not a whole stream or would grow past `limit` bytes.
    static func decompress(_ data: Data, windowBits: Int32, limit: Int) throws(Gzip.Failure) -> Data {
        var stream = z_stream()
        guard inflateInit2_(&stream, windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { throw .corrupt }
        defer { inflateEnd(&stream) }
        var input = [UInt8](data)
        var result = Data()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var code: Int32 = Z_OK
        var failure: Gzip.Failure?
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
