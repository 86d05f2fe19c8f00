import Foundation
import Testing
import TestingSupport

@testable import ImageCodec

@Suite("JPEGEncoder and area resampling")
struct EncoderAndResamplerTests {
    @Test("the encoder writes a JPEG the decoder reads back at its size")
    func roundTrip() throws {
        for (width, height) in [(1, 1), (7, 3), (300, 17)] {
            let data = try JPEGEncoder().encode(RGBImage(width: width, height: height, red: 50, green: 100, blue: 150))
            #expect(data.prefix(2) == Data([0xFF, 0xD8]) && data.suffix(2) == Data([0xFF, 0xD9]))
            #expect(try JPEGDecoder().dimensions(of: data) == PixelSize(width: width, height: height))
        }
    }

    @Test("higher quality makes a larger file of a detailed photo; quality is clamped")
    func quality() throws {
        let photo = Photos.gradient(width: 256, height: 256)
        let low = try JPEGEncoder(quality: 10).encode(photo)
        let high = try JPEGEncoder(quality: 95).encode(photo)
        #expect(low.count < high.count)
        #expect(JPEGEncoder(quality: 0).quality == 1)
        #expect(JPEGEncoder(quality: 500).quality == 100)
    }

    @Test("area averaging keeps the mean colour at uneven ratios")
    func meanKept() {
        var generator = SplitMix64(seed: 7)
        let pixels = (0..<(97 * 61 * 3)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let source = RGBImage(width: 97, height: 61, pixels: pixels)
        for size in [PixelSize(width: 13, height: 7), PixelSize(width: 40, height: 60), PixelSize(width: 1, height: 1)] {
            let image = source.resized(to: size)
            #expect(image.size == size)
            expectClose(image.meanColor, source.meanColor, tolerance: 1.5)
        }
    }

    @Test("each output pixel is the mean of the area it covers; upscaling repeats pixels")
    func exactAreas() {
        // 4×1: black, white, red, blue → 2×1: grey, purple.
        let source = RGBImage(width: 4, height: 1, pixels: [0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 0, 255])
        let half = source.resized(to: PixelSize(width: 2, height: 1))
        #expect(half.pixels == [128, 128, 128, 128, 0, 128])
        let double = RGBImage(width: 1, height: 1, pixels: [10, 20, 30]).resized(to: PixelSize(width: 2, height: 2))
        #expect(double.pixels == [10, 20, 30, 10, 20, 30, 10, 20, 30, 10, 20, 30])
        let weights = AreaResampler.contributions(from: 3, to: 2)
        #expect(weights[0].map(\.index) == [0, 1] && weights[1].map(\.index) == [1, 2])
        #expect(abs(weights[0][0].weight - 2.0 / 3.0) < 1e-6 && abs(weights[0][1].weight - 1.0 / 3.0) < 1e-6)
    }

    @Test("fitting a box keeps the aspect ratio and never returns an empty side")
    func fitting() {
        let box = PixelSize(width: 26, height: 14)
        #expect(box.fitting(aspectOf: PixelSize(width: 1080, height: 1350)) == PixelSize(width: 11, height: 14))
        #expect(box.fitting(aspectOf: PixelSize(width: 2000, height: 10)) == PixelSize(width: 26, height: 1))
        #expect(box.fitting(aspectOf: PixelSize(width: 26, height: 14)) == box)
    }
}
