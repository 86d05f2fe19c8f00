import Foundation
import ImageCodec
import ImageCodecTesting
import Testing
import TestingSupport

@testable import ImagePipeline

@Suite("ImagePipeline: PNG photos, end to end over loopback HTTP")
struct PNGPhotoTests {
    let size = PixelSize(width: 16, height: 16)

    /// A 64×48 RGBA PNG: the left half opaque red, the right half blue at alpha 128 (over black: dark blue).
    static let halves: Data = {
        var samples: [UInt16] = []
        for _ in 0..<48 {
            for x in 0..<64 { samples += x < 32 ? [230, 20, 20, 255] : [20, 20, 230, 128] }
        }
        return PNGWriter.make(width: 64, height: 48, colorType: .rgba, bitDepth: 8, samples: samples, interlaced: true)
    }()

    @Test("a PNG photo from the server is decoded to its box, transparency over black, and kept on disk as it came")
    func pngLoads() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try PhotoServer()
        let url = server.serve("/photo.png", .init(body: Self.halves, contentType: "image/png"))
        let pipeline = makePipeline(server, disk: directory.cache)
        let image = try await pipeline.image(for: ImageRequest(url: url, size: size))
        #expect(image.size == size)
        #expect(image.pixel(x: 2, y: 8) == (230, 20, 20))
        // 128/255 of 230 and of 20, over black.
        #expect(image.pixel(x: 13, y: 8) == (10, 10, 115))
        #expect(pipeline.metrics().diskCount == 1 && pipeline.metrics().decodes == 1)
        // A second pipeline on the same directory decodes the PNG from disk, without the server.
        let again = makePipeline(server, disk: directory.cache)
        #expect(try await again.image(for: ImageRequest(url: url, size: size)) == image)
        #expect(server.count("/photo.png") == 1)
    }

    @Test("a JPEG and a PNG in one feed both load, whatever Content-Type says")
    func mixed() async throws {
        let server = try PhotoServer()
        let jpeg = server.serve("/a", .init(body: TestPhotos.green, contentType: "image/png"))
        let png = server.serve("/b", .init(body: PNGEncoder.encode(RGBImage(width: 40, height: 30, red: 230, green: 20, blue: 20))))
        let pipeline = makePipeline(server)
        #expect(try await pipeline.image(for: ImageRequest(url: jpeg, size: size)).dominant == "green")
        #expect(try await pipeline.image(for: ImageRequest(url: png, size: size)).dominant == "red")
    }

    @Test("a PNG announcing 100000×100000 pixels, or neither JPEG nor PNG, is undecodable and kept nowhere")
    func hostilePNG() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try PhotoServer()
        let huge = PNGWriter.file([
            PNGWriter.chunk("IHDR", PNGWriter.header(width: 100_000, height: 100_000, bitDepth: 8, colorType: 2)),
            PNGWriter.chunk("IDAT", PNGWriter.zlibZeros(atLeast: 1)), PNGWriter.chunk("IEND", []),
        ])
        let pipeline = makePipeline(server, disk: directory.cache)
        let cases: [(String, Data, ImageCodecError)] = [
            ("/huge.png", huge, .tooManyPixels(width: 100_000, height: 100_000, limit: 40_000_000)),
            ("/photo.gif", Data("GIF89a".utf8) + Data(count: 100), .unsupportedFormat),
        ]
        for (path, body, expected) in cases {
            let url = server.serve(path, .init(body: body, contentType: "image/png"))
            await #expect(throws: ImageLoadError.undecodable(expected)) {
                try await pipeline.image(for: ImageRequest(url: url, size: size))
            }
        }
        #expect(pipeline.metrics().diskCount == 0 && pipeline.metrics().memoryCount == 0 && pipeline.metrics().failures == 2)
    }
}
