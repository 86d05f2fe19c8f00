import Foundation
import Testing

@testable import ImageCodec

@Suite("JPEGDecoder: hostile files are errors, never a crash or exit")
struct JPEGFailureTests {
    let decoder = JPEGDecoder()
    let box = PixelSize(width: 20, height: 20)

    func photo() throws -> Data {
        try JPEGEncoder(quality: 80).encode(Photos.gradient(width: 160, height: 120))
    }

    @Test("a zero-byte file is empty")
    func zeroBytes() {
        #expect(throws: ImageCodecError.empty) { try decoder.decode(Data(), to: box) }
        #expect(throws: ImageCodecError.empty) { try decoder.dimensions(of: Data()) }
    }

    @Test("bytes that are not a JPEG are corrupt")
    func notAJPEG() {
        for data in [Data("hello, this is not a photo".utf8), Data([0xFF]), Data([0xFF, 0xD8]), Data(repeating: 0xFF, count: 4096)] {
            #expect(throws: ImageCodecError.self) { try decoder.decode(data, to: box) }
        }
        #expect(isCorrupt { try decoder.decode(Data("GIF89a".utf8), to: box) })
    }

    @Test("a JPEG cut short anywhere is corrupt", arguments: [0.01, 0.1, 0.3, 0.5, 0.9, 0.99])
    func truncated(fraction: Double) throws {
        let data = try photo()
        let cut = data.prefix(max(1, Int(Double(data.count) * fraction)))
        #expect(isCorrupt { try decoder.decode(cut, to: box) })
        #expect(isCorrupt { try decoder.decode(cut) })
    }

    @Test("a JPEG without its last two bytes (the end marker) is corrupt")
    func missingEndMarker() throws {
        let data = try photo()
        #expect(isCorrupt { try decoder.decode(data.dropLast(2), to: box) })
        // The whole file decodes, so it is the cut that failed.
        #expect(try decoder.decode(data, to: box).size == box)
    }

    @Test("a header announcing 60000×60000 pixels is refused before any pixel is allocated")
    func hugeHeader() throws {
        let patched = try Self.withDimensions(try photo(), width: 60_000, height: 60_000)
        #expect(throws: ImageCodecError.tooManyPixels(width: 60_000, height: 60_000, limit: 40_000_000)) {
            try decoder.decode(patched, to: box)
        }
        #expect(throws: ImageCodecError.tooManyPixels(width: 60_000, height: 60_000, limit: 40_000_000)) {
            try decoder.dimensions(of: patched)
        }
        // The limit is the decoder's to choose.
        let small = JPEGDecoder(maxPixelCount: 1000)
        #expect(throws: ImageCodecError.tooManyPixels(width: 160, height: 120, limit: 1000)) { try small.decode(try photo()) }
    }

    @Test("a header that lies about a smaller size fails while reading, within the buffer")
    func lyingHeader() throws {
        // The entropy data holds 160×120 pixels; the header says 6000×4000. libjpeg runs out of
        // data and reports it; the output buffer was sized from the header, never overrun.
        let patched = try Self.withDimensions(try photo(), width: 6000, height: 4000)
        #expect(isCorrupt { try decoder.decode(patched, to: box) })
    }

    @Test("an invalid target size is an argument error")
    func invalidTarget() throws {
        let data = try photo()
        #expect(throws: ImageCodecError.self) { try decoder.decode(data, to: PixelSize(width: 0, height: 10)) }
        #expect(throws: ImageCodecError.self) { try decoder.decode(data, to: PixelSize(width: 100_000, height: 100_000)) }
    }

    /// `data` with the frame header's width and height replaced.
    static func withDimensions(_ data: Data, width: Int, height: Int) throws -> Data {
        var bytes = [UInt8](data)
        guard let sof = (0..<bytes.count - 1).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }) else {
            throw ImageCodecError.corrupt("no SOF0 marker in the test photo")
        }
        // FF C0, length (2), precision (1), height (2), width (2).
        bytes[sof + 5] = UInt8(height >> 8)
        bytes[sof + 6] = UInt8(height & 0xFF)
        bytes[sof + 7] = UInt8(width >> 8)
        bytes[sof + 8] = UInt8(width & 0xFF)
        return Data(bytes)
    }
}

/// Whether `body` threw `ImageCodecError.corrupt` (any reason).
func isCorrupt(_ body: () throws -> some Any) -> Bool {
    do {
        _ = try body()
        return false
    } catch let error as ImageCodecError {
        if case .corrupt = error { return true }
        return false
    } catch {
        return false
    }
}
