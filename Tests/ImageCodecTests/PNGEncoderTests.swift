import Compression
import Foundation
import ImageCodec
import Testing
import TestingSupport

/// The PNG the kitty protocol is sent: a valid file (signature, chunks with their CRCs) whose
/// rows, unfiltered, are the image's pixels; photos take a fraction of their raw bytes.
@Suite struct PNGEncoderTests {
    /// The chunks of `file`, checked: the signature, each CRC, IHDR first and IEND last.
    static func chunks(_ file: Data) throws -> [(type: String, data: [UInt8])] {
        let bytes = [UInt8](file)
        try #require(bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var chunks: [(String, [UInt8])] = []
        var index = 8
        while index + 12 <= bytes.count {
            let length = bytes[index..<index + 4].reduce(0) { $0 << 8 | Int($1) }
            let typed = Array(bytes[index + 4..<index + 8 + length])
            let crc = bytes[index + 8 + length..<index + 12 + length].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            #expect(crc == Zlib.crc32(typed), "the CRC of \(String(decoding: typed.prefix(4), as: UTF8.self))")
            chunks.append((String(decoding: typed.prefix(4), as: UTF8.self), Array(typed.dropFirst(4))))
            index += 12 + length
        }
        #expect(index == bytes.count)
        return chunks
    }

    /// The pixels of an 8-bit truecolour PNG, its filters undone (the decoder's side of RFC 2083).
    static func decode(_ file: Data) throws -> RGBImage {
        let chunks = try chunks(file)
        try #require(chunks.first?.type == "IHDR" && chunks.last?.type == "IEND")
        let header = chunks[0].data
        let width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }, height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
        #expect(Array(header[8...]) == [8, 2, 0, 0, 0])
        let compressed = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
        let filtered = [UInt8](try Zlib.decompress(Data(compressed), limit: (width * 3 + 1) * height))
        let stride = width * 3
        var pixels = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            let filter = filtered[y * (stride + 1)]
            for x in 0..<stride {
                let value = filtered[y * (stride + 1) + 1 + x]
                let left = x >= 3 ? Int(pixels[y * stride + x - 3]) : 0
                let up = y > 0 ? Int(pixels[(y - 1) * stride + x]) : 0
                let upLeft = x >= 3 && y > 0 ? Int(pixels[(y - 1) * stride + x - 3]) : 0
                let estimate = left + up - upLeft
                let paeth = abs(estimate - left) <= abs(estimate - up) && abs(estimate - left) <= abs(estimate - upLeft) ? left
                    : abs(estimate - up) <= abs(estimate - upLeft) ? up : upLeft
                let predicted = [0, left, up, (left + up) / 2, paeth][Int(filter)]
                pixels[y * stride + x] = value &+ UInt8(predicted & 0xFF)
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    @Test("every row comes back as it was, whichever filter it got", arguments: [(1, 1), (2, 3), (37, 19), (300, 200)])
    func roundTrip(width: Int, height: Int) throws {
        var random = SplitMix64(seed: UInt64(width * 1_000 + height))
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for index in pixels.indices {
            let (x, y) = ((index / 3) % width, index / 3 / width)
            // Smooth areas, edges and noise, so that every filter wins somewhere.
            pixels[index] = x < width / 3 ? UInt8((x * 4 + y) & 0xFF) : x < 2 * width / 3 ? (y % 7 < 3 ? 250 : 5) : UInt8.random(in: 0...255, using: &random)
        }
        let image = RGBImage(width: width, height: height, pixels: pixels)
        let decoded = try Self.decode(PNGEncoder.encode(image))
        #expect(decoded.size == image.size)
        #expect(decoded.pixels == image.pixels)
    }

    @Test("a decoded photo as PNG is a fraction of its raw pixels")
    func photosShrink() throws {
        let decoder = JPEGDecoder()
        let photo = try decoder.decode(try JPEGEncoder(quality: 85).encode(Photos.gradient(width: 600, height: 400)))
        let png = PNGEncoder.encode(photo)
        #expect(png.count * 4 < photo.pixels.count, "\(png.count) bytes for \(photo.pixels.count) raw")
        #expect(try Self.decode(png).pixels == photo.pixels)
    }

    @Test("a palette PNG: colour type 3, the image's own colours in PLTE, read back by libpng exactly where it has at most 256")
    func paletteExact() throws {
        // 256 colours, each in its own 5-bit box: median cut keeps every one of them.
        var pixels: [UInt8] = []
        for index in 0..<256 { pixels += [UInt8(index % 16 * 16), UInt8(index / 16 * 16), 128] }
        let image = RGBImage(width: 32, height: 8, pixels: pixels)
        let file = PNGEncoder.encodePalette(image)
        let chunks = try Self.chunks(file)
        #expect(chunks.map { $0.type } == ["IHDR", "PLTE", "IDAT", "IEND"])
        #expect(Array(chunks[0].data[8...]) == [8, 3, 0, 0, 0])
        #expect(chunks[1].data.count == 256 * 3)
        #expect(try PNGDecoder().decode(file).pixels == image.pixels)
        let two = RGBImage(width: 2, height: 1, pixels: [255, 0, 0, 0, 0, 255])
        #expect(try Self.chunks(PNGEncoder.encodePalette(two))[1].data.count == 2 * 3)
        #expect(try PNGDecoder().decode(PNGEncoder.encodePalette(two)).pixels == two.pixels)
    }

    @Test("a photo as a palette PNG: each pixel its colour box's mean, close to the photo, in a fraction of the truecolour PNG's bytes")
    func palettePhoto() throws {
        var random = SplitMix64(seed: 31)
        let smooth = Photos.gradient(width: 480, height: 320)
        // The photo's grain: a little noise on every channel, as a camera's JPEG has.
        let grainy = RGBImage(
            width: smooth.width, height: smooth.height,
            pixels: smooth.pixels.map { UInt8(clamping: Int($0) + Int.random(in: -6...6, using: &random)) })
        let file = PNGEncoder.encodePalette(grainy)
        let palette = ColorPalette(grainy)
        let expected = palette.registers.flatMap { let colour = palette.colors[Int($0)]; return [colour.red, colour.green, colour.blue] }
        let decoded = try PNGDecoder().decode(file)
        #expect(decoded.pixels == expected)
        var squared = 0.0
        for (drawn, original) in zip(decoded.pixels, grainy.pixels) { squared += pow(Double(drawn) - Double(original), 2) }
        let psnr = 10 * log10(255 * 255 / (squared / Double(grainy.pixels.count)))
        #expect(psnr > 30, "\(psnr) dB")
        let truecolour = PNGEncoder.encode(grainy).count
        #expect(file.count * 2 < truecolour, "\(file.count) bytes against \(truecolour) truecolour")
    }
}
