import Foundation
import ImageCodecTesting
import Testing

@testable import ImageCodec

@Suite("ProgressiveJPEG: the crafted hostile file is a valid JPEG")
struct ProgressiveJPEGTests {
    @Test("a small crafted file of 299 scans decodes to flat grey when the limits allow it")
    func smallCraftedFile() throws {
        let data = ProgressiveJPEG.make(width: 64, height: 40, scans: 299)
        let image = try JPEGDecoder(maxScans: 400).decode(data)
        #expect(image.size == PixelSize(width: 64, height: 40))
        let mean = image.meanColor
        #expect(abs(mean.red - 128) < 1 && abs(mean.green - 128) < 1 && abs(mean.blue - 128) < 1)
    }

    @Test("the 6320×6320 file of 299 scans is a few hundred KB")
    func hostileSize() throws {
        let data = ProgressiveJPEG.make(width: 6320, height: 6320, scans: 299)
        #expect((200_000...400_000).contains(data.count), "\(data.count) bytes")
        #expect(try JPEGDecoder().dimensions(of: data) == PixelSize(width: 6320, height: 6320))
    }
}
