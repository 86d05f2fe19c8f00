import Foundation
import ImageCodecTesting
import Testing

@testable import ImageCodec

@Suite("PhotoDecoder: JPEG or PNG by the first bytes, each through its own decoder and budget")
struct PhotoDecoderTests {
    let decoder = PhotoDecoder()
    let box = PixelSize(width: 26, height: 14)

    @Test("the magic bytes pick the format; anything else is neither")
    func sniffing() throws {
        let jpeg = try JPEGEncoder().encode(RGBImage(width: 8, height: 8, red: 1, green: 2, blue: 3))
        let png = PNGEncoder.encode(RGBImage(width: 8, height: 8, red: 1, green: 2, blue: 3))
        #expect(PhotoDecoder.format(of: jpeg) == .jpeg)
        #expect(PhotoDecoder.format(of: png) == .png)
        #expect(PhotoDecoder.format(of: Data([0xFF, 0xD8])) == nil)
        #expect(PhotoDecoder.format(of: Data(PNGWriter.signature.dropLast())) == nil)
        #expect(PhotoDecoder.format(of: Data("GIF89a".utf8)) == nil)
        #expect(PhotoDecoder.format(of: Data()) == nil)
    }

    @Test("a JPEG and a PNG of one photo decode the same as through their own decoders")
    func delegates() throws {
        let photo = Photos.halves(width: 320, height: 200, left: (220, 10, 10), right: (10, 10, 220))
        let jpeg = try JPEGEncoder(quality: 90).encode(photo)
        let png = PNGEncoder.encode(photo)
        #expect(try decoder.decode(jpeg, to: box) == JPEGDecoder().decode(jpeg, to: box))
        #expect(try decoder.decode(jpeg) == JPEGDecoder().decode(jpeg))
        #expect(try decoder.decode(png) == photo)
        #expect(try decoder.decode(png, to: box) == photo.resized(to: box))
        #expect(try decoder.decode(png, to: PixelSize(width: 30, height: 30), resize: .aspectFit).size == PixelSize(width: 30, height: 19))
        #expect(try decoder.dimensions(of: jpeg) == photo.size && decoder.dimensions(of: png) == photo.size)
    }

    @Test("each format keeps its own budget")
    func budgets() throws {
        let png = PNGEncoder.encode(RGBImage(width: 100, height: 100, red: 9, green: 9, blue: 9))
        let jpeg = try JPEGEncoder().encode(RGBImage(width: 100, height: 100, red: 9, green: 9, blue: 9))
        let strictPNG = PhotoDecoder(png: PNGDecoder(maxPixelCount: 1000))
        #expect(throws: ImageCodecError.tooManyPixels(width: 100, height: 100, limit: 1000)) { try strictPNG.decode(png, to: box) }
        #expect(try strictPNG.decode(jpeg, to: box).size == box)
        let strictJPEG = PhotoDecoder(jpeg: JPEGDecoder(maxPixelCount: 1000))
        #expect(throws: ImageCodecError.tooManyPixels(width: 100, height: 100, limit: 1000)) { try strictJPEG.decode(jpeg, to: box) }
        #expect(try strictJPEG.decode(png, to: box).size == box)
    }

    @Test("an empty file is empty; a GIF, text or noise is not a JPEG or PNG image")
    func unknown() {
        #expect(throws: ImageCodecError.empty) { try decoder.decode(Data(), to: box) }
        for data in [Data("GIF89a".utf8), Data("<html>".utf8), Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7) })] {
            #expect(throws: ImageCodecError.unsupportedFormat) { try decoder.decode(data, to: box) }
            #expect(throws: ImageCodecError.unsupportedFormat) { try decoder.dimensions(of: data) }
        }
        #expect(ImageCodecError.unsupportedFormat.description == "the file is not a JPEG or PNG image")
        // A JPEG's first three bytes and nothing else: libjpeg says what is wrong.
        #expect(throws: ImageCodecError.self) { try decoder.decode(Data([0xFF, 0xD8, 0xFF])) }
    }
}
