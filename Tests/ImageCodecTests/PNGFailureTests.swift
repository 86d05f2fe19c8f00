import Compression
import Foundation
import ImageCodecTesting
import Testing
import TestingSupport

@testable import ImageCodec

@Suite("PNGDecoder: hostile files are errors within budget, never a crash")
struct PNGFailureTests {
    let decoder = PNGDecoder()
    let box = PixelSize(width: 20, height: 20)

    /// A small interlaced RGBA file: every chunk kind a decoder reads.
    static let photo = PNGSample(PNGKind(colorType: .rgba, bitDepth: 8), width: 13, height: 7, seed: 3).file(interlaced: true)

    /// A file of `chunks` (after the signature): IHDR of `width` × `height` RGB, IDAT of `idat`, IEND.
    static func file(width: Int, height: Int, colorType: UInt8 = 2, idat: [UInt8], extra: [[UInt8]] = []) -> Data {
        PNGWriter.file(
            [PNGWriter.chunk("IHDR", PNGWriter.header(width: width, height: height, bitDepth: 8, colorType: colorType))] + extra
                + [PNGWriter.chunk("IDAT", idat), PNGWriter.chunk("IEND", [])])
    }

    /// An 8-bit file of one value in every sample, its rows unfiltered (quick to make at any size).
    static func flat(width: Int, height: Int, colorType: PNGWriter.ColorType, value: UInt8, interlaced: Bool = false) -> Data {
        precondition(!interlaced || value == 0, "Adam7 rows of one value: only zeros, whose filter bytes are zeros too")
        let stride = width * colorType.channels + 1
        var rows = [UInt8](repeating: value, count: stride * height)
        for y in 0..<height { rows[y * stride] = 0 }
        let scanlines = interlaced ? [UInt8](repeating: 0, count: rows.count * 2) : rows
        return PNGWriter.file([
            PNGWriter.chunk("IHDR", PNGWriter.header(width: width, height: height, bitDepth: 8, colorType: colorType.rawValue, interlaced: interlaced)),
            PNGWriter.chunk("IDAT", [UInt8](Zlib.compress(Data(scanlines)))), PNGWriter.chunk("IEND", []),
        ])
    }

    /// The most bytes libpng held at once in a decode of `data` to `target` (full size when nil), and how it ended.
    func measured(_ data: Data, _ target: PixelSize?, _ decoder: PNGDecoder = PNGDecoder()) -> (Result<RGBImage, ImageCodecError>, Int) {
        var peak = 0
        let result = Result { () throws(ImageCodecError) in
            try decoder.decode(data, to: target, resize: .exact, cancellation: nil) { peak = $0 }
        }
        return (result, peak)
    }

    @Test("a zero-byte file is empty; the signature alone, or garbage after it, is corrupt")
    func emptyAndSignature() {
        #expect(throws: ImageCodecError.empty) { try decoder.decode(Data(), to: box) }
        #expect(throws: ImageCodecError.empty) { try decoder.dimensions(of: Data()) }
        #expect(isCorrupt { try decoder.decode(Data(PNGWriter.signature)) })
        #expect(isCorrupt { try decoder.decode(Data(PNGWriter.signature + (0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 7) }), to: box) })
        #expect(isCorrupt { try decoder.decode(Data("not a png at all".utf8)) })
        #expect(throws: ImageCodecError.self) { try decoder.dimensions(of: Data(PNGWriter.signature)) }
    }

    @Test("the file cut short at every byte is corrupt; whole, it decodes")
    func truncatedEverywhere() throws {
        let data = Self.photo
        #expect(try decoder.decode(data).size == PixelSize(width: 13, height: 7))
        for length in 1..<data.count {
            #expect(isCorrupt { try decoder.decode(data.prefix(length), to: box) }, "cut at \(length) of \(data.count)")
        }
    }

    @Test("a bad CRC in IHDR or IDAT, or a bad Adler-32, is corrupt; in a skipped ancillary chunk it is ignored")
    func badChecksums() throws {
        let bytes = [UInt8](Self.photo)
        // IHDR's data starts at 16; its CRC at 29...32. The first IDAT's CRC ends 4 bytes before the next chunk.
        var badHeader = bytes
        badHeader[20] ^= 0x01
        #expect(isCorrupt { try decoder.decode(Data(badHeader)) })
        var badCRC = bytes
        badCRC[29] ^= 0xFF
        #expect(isCorrupt { try decoder.decode(Data(badCRC)) })
        let idat = try #require((8..<bytes.count - 4).first { Array(bytes[$0..<$0 + 4]) == Array("IDAT".utf8) })
        let length = bytes[idat - 4..<idat].reduce(0) { $0 << 8 | Int($1) }
        var badData = bytes
        badData[idat + 4 + length / 2] ^= 0x10
        #expect(isCorrupt { try decoder.decode(Data(badData)) })
        // A zlib stream whose Adler-32 does not match its data, under a correct CRC.
        var zlib = [UInt8](Zlib.compress(Data(count: 4 * 2)))
        zlib[zlib.count - 1] ^= 0x01
        #expect(isCorrupt { try decoder.decode(Self.file(width: 1, height: 4, colorType: 0, idat: zlib)) })
        // Past the rows libpng only skips what is left (a warning), checksum and all: the pixels were whole.
        var longer = [UInt8](Zlib.compress(Data(count: 4 * 2 + 8)))
        longer[longer.count - 1] ^= 0x01
        #expect(try decoder.decode(Self.file(width: 1, height: 4, colorType: 0, idat: longer)) == RGBImage(width: 1, height: 4, red: 0, green: 0, blue: 0))
        // A text chunk with a broken CRC: skipped unread, so the photo still shows.
        var text = PNGWriter.chunk("tEXt", Array("Comment\u{0}hello".utf8))
        text[text.count - 1] ^= 0xFF
        let withText = Self.file(width: 2, height: 2, idat: [UInt8](Zlib.compress(Data(count: 2 * 7))), extra: [text])
        #expect(try decoder.decode(withText) == RGBImage(width: 2, height: 2, red: 0, green: 0, blue: 0))
    }

    @Test("a header announcing 100000×100000 is refused before anything is allocated for pixels")
    func hugeHeader() throws {
        let data = Self.file(width: 100_000, height: 100_000, idat: [UInt8](Zlib.compress(Data(count: 1000))))
        #expect(throws: ImageCodecError.tooManyPixels(width: 100_000, height: 100_000, limit: 40_000_000)) { try decoder.decode(data, to: box) }
        #expect(throws: ImageCodecError.tooManyPixels(width: 100_000, height: 100_000, limit: 40_000_000)) { try decoder.dimensions(of: data) }
        let (result, peak) = measured(data, box)
        #expect(throws: ImageCodecError.self) { try result.get() }
        // libpng's structures only: no row, no pixels.
        #expect(peak < 32 << 10, "\(peak) bytes")
        // With the pixel limit lifted, the byte budget refuses the full-size decode before any row is read.
        let lifted = PNGDecoder(maxPixelCount: 1 << 40)
        let (full, fullPeak) = measured(data, nil, lifted)
        #expect(throws: ImageCodecError.overBudget(bytes: 30_000_300_000 + PNGDecoder.libpngBytes(width: 100_000), limit: 32 << 20)) { try full.get() }
        #expect(fullPeak < 32 << 10, "\(fullPeak) bytes")
        // Into a box it streams rows of 300 KB, and finds the image data missing.
        #expect(isCorrupt { try lifted.decode(data, to: box) })
    }

    @Test("a side of 2^31 − 1 is refused by libpng's own limit as too many pixels; 2^31 is corrupt", arguments: [
        (Int(Int32.max), 1), (1, Int(Int32.max)), (Int(Int32.max), Int(Int32.max)),
    ])
    func longestSides(width: Int, height: Int) {
        let data = Self.file(width: width, height: height, idat: [UInt8](Zlib.compress(Data(count: 100))))
        #expect(throws: ImageCodecError.tooManyPixels(width: width, height: height, limit: 40_000_000)) { try decoder.decode(data, to: box) }
        #expect(isCorrupt { try decoder.decode(Self.file(width: width == 1 ? 1 : 1 << 31, height: height == 1 ? 1 : 1 << 31, idat: [])) })
    }

    @Test("a chunk length of 0xFFFFFFFF, a PLTE of 300 entries, a palette image without PLTE: corrupt")
    func lyingChunks() {
        let ihdr = PNGWriter.chunk("IHDR", PNGWriter.header(width: 4, height: 4, bitDepth: 8, colorType: 3))
        let huge = [0xFF, 0xFF, 0xFF, 0xFF] + Array("IDAT".utf8) + [UInt8](repeating: 0, count: 64)
        #expect(isCorrupt { try decoder.decode(PNGWriter.file([ihdr, huge])) })
        let hugeText = [0x7F, 0xFF, 0xFF, 0xFF] + Array("tEXt".utf8) + [UInt8](repeating: 0, count: 64)
        #expect(isCorrupt { try decoder.decode(PNGWriter.file([ihdr, hugeText])) })
        let idat = PNGWriter.chunk("IDAT", [UInt8](Zlib.compress(Data(count: 4 * 5))))
        let longPalette = PNGWriter.chunk("PLTE", [UInt8](repeating: 9, count: 300 * 3))
        #expect(isCorrupt { try decoder.decode(PNGWriter.file([ihdr, longPalette, idat, PNGWriter.chunk("IEND", [])])) })
        #expect(isCorrupt { try decoder.decode(PNGWriter.file([ihdr, idat, PNGWriter.chunk("IEND", [])])) })
        // An index past a short palette reads as black, inside libpng's 256-entry table.
        let short = PNGWriter.chunk("PLTE", [200, 100, 50])
        let indices = PNGWriter.chunk("IDAT", [UInt8](Zlib.compress(Data([0, 0, 255, 255, 0]))))
        let header = PNGWriter.chunk("IHDR", PNGWriter.header(width: 4, height: 1, bitDepth: 8, colorType: 3))
        let image = try? decoder.decode(PNGWriter.file([header, short, indices, PNGWriter.chunk("IEND", [])]))
        #expect(image?.pixels == [200, 100, 50, 0, 0, 0, 0, 0, 0, 200, 100, 50])
    }

    @Test("an IDAT bomb (234 KB inflating to 36 megapixels of rows) stays within its bytes; a tight CPU budget stops it")
    func rowsBomb() async throws {
        let width = 6000, height = 6000
        let data = Self.file(width: width, height: height, colorType: 0, idat: PNGWriter.zlibZeros(atLeast: (width + 1) * height))
        #expect(data.count < 256 << 10, "\(data.count) bytes")
        let box = box
        let (result, peak) = try await onOwnThread { measured(data, box) }
        switch result {
        case .success(let image): #expect(image == RGBImage(width: 20, height: 20, red: 0, green: 0, blue: 0))
        case .failure(let error): #expect(error == .tooSlow(limit: Duration.seconds(2)), "\(error)")
        }
        #expect(peak <= PNGDecoder.libpngBytes(width: width), "\(peak) bytes")
        #expect(throws: ImageCodecError.tooSlow(limit: .milliseconds(5))) { try PNGDecoder(maxCPUTime: .milliseconds(5)).decode(data, to: box) }
        // Full size it would hold 108 MB of pixels: refused before a row is read.
        #expect(throws: ImageCodecError.overBudget(bytes: width * height * 3 + width * 3 + PNGDecoder.libpngBytes(width: width), limit: 32 << 20)) {
            try PNGDecoder().decode(data)
        }
    }

    @Test("a gigabyte of zeros after the image's data is cut off after 64 KiB of the file, never inflated whole")
    func trailingBomb() async throws {
        // 6.8 MB (within a photo's download limit) of deflate after a 1×1 image's 4 bytes: libpng
        // would inflate all of it after the last row (2.2 s of CPU).
        let data = Self.file(width: 1, height: 1, idat: PNGWriter.zlibZeros(atLeast: 1 << 30))
        #expect(data.count > 6 << 20 && data.count < 8 << 20, "\(data.count) bytes")
        let (result, peak) = try await onOwnThread { measured(data, nil) }
        #expect(throws: ImageCodecError.corrupt("more image data after the last row than the row needs")) { try result.get() }
        #expect(peak <= PNGDecoder.libpngBytes(width: 1), "\(peak) bytes")
        // A few bytes more than the rows need are skipped, as libpng does.
        let extra = Self.file(width: 1, height: 1, idat: PNGWriter.zlibZeros(atLeast: 1))
        #expect(try decoder.decode(extra) == RGBImage(width: 1, height: 1, red: 0, green: 0, blue: 0))
    }

    @Test("libpng's share of the budget is more than it ever holds, for every kind and width", arguments: [1, 13, 1001, 4000])
    func libpngShare(width: Int) throws {
        for kind in PNGKind.all {
            let sample = PNGSample(kind, width: width, height: 3)
            for interlaced in [false, true] {
                let (result, peak) = measured(sample.file(interlaced: interlaced), PixelSize(width: 1, height: 1))
                #expect(throws: Never.self) { try result.get() }
                #expect(peak > 0 && peak <= PNGDecoder.libpngBytes(width: width), "\(kind.testDescription): \(peak) bytes")
            }
        }
    }

    @Test("the byte budget counts every row an interlaced file keeps")
    func interlacedBudget() throws {
        let small = PNGDecoder(maxMemoryBytes: 1 << 20)
        #expect(try small.decode(Self.flat(width: 600, height: 500, colorType: .rgba, value: 0), to: box) == RGBImage(width: 20, height: 20, red: 0, green: 0, blue: 0))
        let interlaced = Self.flat(width: 600, height: 500, colorType: .rgba, value: 0, interlaced: true)
        #expect(try PNGDecoder().decode(interlaced, to: box) == RGBImage(width: 20, height: 20, red: 0, green: 0, blue: 0))
        do throws(ImageCodecError) {
            _ = try small.decode(interlaced, to: box)
            Issue.record("600×500 RGBA interlaced fit in 1 MB")
        } catch .overBudget(let bytes, _) {
            #expect(bytes > 600 * 500 * 4, "\(bytes) bytes")
        } catch {
            Issue.record("expected overBudget, got \(error)")
        }
    }

    @Test("a cancelled decode stops with .cancelled; past the CPU budget with .tooSlow")
    func cancelledAndSlow() throws {
        let data = Self.flat(width: 2000, height: 2000, colorType: .rgb, value: 140)
        let cancellation = DecodeCancellation()
        #expect(try decoder.decode(data, to: box, cancellation: cancellation).size == box)
        cancellation.cancel()
        #expect(throws: ImageCodecError.cancelled) { try decoder.decode(data, to: box, cancellation: cancellation) }
        #expect(throws: ImageCodecError.cancelled) { try decoder.decode(data, cancellation: cancellation) }
        #expect(throws: ImageCodecError.tooSlow(limit: .milliseconds(1))) { try PNGDecoder(maxCPUTime: .milliseconds(1)).decode(data, to: box) }
    }

    @Test("an invalid target size is an argument error")
    func invalidTarget() {
        #expect(throws: ImageCodecError.self) { try decoder.decode(Self.photo, to: PixelSize(width: 0, height: 10)) }
        #expect(throws: ImageCodecError.self) { try decoder.decode(Self.photo, to: PixelSize(width: 100_000, height: 100_000)) }
    }
}
