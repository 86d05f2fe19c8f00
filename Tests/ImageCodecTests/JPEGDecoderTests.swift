import Foundation
import Testing
import TestingSupport

@testable import ImageCodec

@Suite("JPEGDecoder: scaled decode and area averaging keep the photo's colours")
struct JPEGDecoderTests {
    let decoder = JPEGDecoder()

    @Test("a solid photo decoded to a small box keeps its colour", arguments: [
        (200, 40, 90), (0, 0, 0), (255, 255, 255), (12, 180, 250), (128, 128, 128),
    ])
    func solidColour(red: Int, green: Int, blue: Int) throws {
        let source = RGBImage(width: 640, height: 480, red: UInt8(red), green: UInt8(green), blue: UInt8(blue))
        let data = try JPEGEncoder(quality: 90).encode(source)
        let image = try decoder.decode(data, to: PixelSize(width: 26, height: 14))
        #expect(image.size == PixelSize(width: 26, height: 14))
        expectClose(image.meanColor, source.meanColor, tolerance: 3)
        // Every pixel, not only the mean: a solid photo stays solid.
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image.pixel(x: x, y: y)
                #expect(abs(Int(pixel.red) - red) <= 4 && abs(Int(pixel.green) - green) <= 4 && abs(Int(pixel.blue) - blue) <= 4)
            }
        }
    }

    @Test("a horizontal gradient keeps its mean and its direction")
    func gradient() throws {
        let source = Photos.gradient(width: 512, height: 256)
        let image = try decoder.decode(try JPEGEncoder(quality: 92).encode(source), to: PixelSize(width: 32, height: 8))
        expectClose(image.meanColor, source.meanColor, tolerance: 3)
        // Each output column is the mean of the 16 source columns it covers.
        for x in 0..<32 {
            let expected = Double(x * 16) * 255.0 / 511.0 + 7.5 * 255.0 / 511.0
            #expect(abs(Double(image.pixel(x: x, y: 4).red) - expected) <= 4, "column \(x)")
        }
    }

    @Test("left and right halves stay apart after downsampling")
    func halves() throws {
        let source = Photos.halves(width: 400, height: 200, left: (220, 10, 10), right: (10, 10, 220))
        let image = try decoder.decode(try JPEGEncoder(quality: 95).encode(source), to: PixelSize(width: 8, height: 4))
        expectClose(image.meanColor, source.meanColor, tolerance: 3)
        for y in 0..<4 {
            #expect(image.pixel(x: 0, y: y).red > 200 && image.pixel(x: 0, y: y).blue < 30)
            #expect(image.pixel(x: 7, y: y).blue > 200 && image.pixel(x: 7, y: y).red < 30)
        }
    }

    @Test("aspect fit keeps the photo's shape inside the box")
    func aspectFit() throws {
        let data = try JPEGEncoder().encode(RGBImage(width: 400, height: 200, red: 1, green: 2, blue: 3))
        #expect(try decoder.decode(data, to: PixelSize(width: 30, height: 30), resize: .aspectFit).size == PixelSize(width: 30, height: 15))
        #expect(try decoder.decode(data, to: PixelSize(width: 30, height: 30)).size == PixelSize(width: 30, height: 30))
        #expect(try decoder.dimensions(of: data) == PixelSize(width: 400, height: 200))
    }

    @Test("the smallest DCT scale whose output is not below the target")
    func scaleSelection() {
        func numerator(_ source: (Int, Int), _ target: (Int, Int)) -> Int {
            JPEGDecoder.scaleNumerator(
                source: PixelSize(width: source.0, height: source.1), target: PixelSize(width: target.0, height: target.1))
        }
        #expect(numerator((1080, 1350), (26, 14)) == 1)
        #expect(numerator((1000, 1000), (125, 125)) == 1)
        #expect(numerator((1000, 1000), (126, 125)) == 2)
        #expect(numerator((800, 600), (400, 300)) == 4)
        #expect(numerator((800, 600), (401, 10)) == 5)
        #expect(numerator((800, 600), (800, 600)) == 8)
        #expect(numerator((100, 100), (500, 500)) == 8, "never above full size")
        #expect(numerator((1080, 1350), (600, 10)) == 5)
    }

    @Test("a decode to a small box is within a hair of the exact area average: the DCT scale leaves 4 pixels a side to average")
    func oversampledScale() throws {
        // Grain and hard edges, the detail a scaled IDCT alone renders worst.
        var state: UInt64 = 7
        var pixels: [UInt8] = []
        for y in 0..<600 {
            for x in 0..<800 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let edge = (x / 37 + y / 29) % 2 == 0 ? 180 : 40
                let grain = Int(state >> 59)
                pixels += [UInt8(edge + grain), UInt8(edge / 2 + grain), UInt8(220 - edge + grain)]
            }
        }
        let data = try JPEGEncoder(quality: 92).encode(RGBImage(width: 800, height: 600, pixels: pixels))
        let box = PixelSize(width: 61, height: 46)
        let exact = try decoder.decode(data).resized(to: box)
        func psnr(_ image: RGBImage) -> Double {
            let squares = zip(image.pixels, exact.pixels).map { pair in (Double(pair.0) - Double(pair.1)) * (Double(pair.0) - Double(pair.1)) }
            return 10 * log10(255 * 255 / max(1e-9, squares.reduce(0, +) / Double(squares.count)))
        }
        let oversampled = psnr(try decoder.decode(data, to: box))
        let justAbove = psnr(try JPEGDecoder(oversampling: 1).decode(data, to: box))
        #expect(oversampled >= 45, "\(oversampled) dB")
        #expect(oversampled > justAbove + 3, "scaled just above the box: \(justAbove) dB, with 4 pixels a side: \(oversampled) dB")
    }

    @Test("libjpeg's scaled output size agrees with ours for odd sizes, at every scale")
    func scaledSizesAgree() async throws {
        // Eight decodes of a megapixel photo in a debug build: on a thread of its own, not on
        // one of the two concurrency threads every other test's deadlines need.
        let decoder = decoder
        let sizes = try await onOwnThread { () throws -> [(PixelSize, PixelSize)] in
            let data = try JPEGEncoder().encode(RGBImage(width: 1001, height: 999, red: 9, green: 99, blue: 199))
            return try (1...8).map { numerator in
                let expected = JPEGDecoder.scaled(PixelSize(width: 1001, height: 999), by: numerator)
                // A target equal to the scaled size is served by the DCT alone, with no resampling.
                return (try decoder.decode(data, to: expected).size, expected)
            }
        }
        #expect(sizes.count == 8)
        for (size, expected) in sizes { #expect(size == expected) }
    }

    @Test("sides that are not a multiple of 8: a scaled decode puts every row where a full decode and an area average do", arguments: [
        (720, 477, false), (720, 477, true), (333, 251, false), (1001, 999, true),
    ])
    func oddSidesStayAligned(width: Int, height: Int, progressive: Bool) async throws {
        let decoder = decoder
        // Black above row 5/6 of the height, white below, and a white column band: an edge whose
        // place in the box shows any stretch of the scaled image (libjpeg rounds its sides up).
        let errors = try await onOwnThread { () throws -> (rows: Double, columns: Double) in
            var pixels = [UInt8](repeating: 0, count: width * height * 3)
            for y in 0..<height {
                for x in 0..<width where y >= height * 5 / 6 || x >= width * 5 / 6 {
                    let index = (y * width + x) * 3
                    pixels[index] = 255
                    pixels[index + 1] = 255
                    pixels[index + 2] = 255
                }
            }
            let data = try JPEGEncoder(quality: 95, progressive: progressive).encode(RGBImage(width: width, height: height, pixels: pixels))
            let box = PixelSize(width: 58, height: 38)
            let reference = try decoder.decode(data).resized(to: box)
            let scaled = try decoder.decode(data, to: box)
            func profile(_ image: RGBImage, alongRows: Bool) -> [Double] {
                (0..<(alongRows ? box.height : box.width)).map { line in
                    let count = alongRows ? box.width : box.height
                    let sum = (0..<count).reduce(0) { total, other in
                        let (x, y) = alongRows ? (other, line) : (line, other)
                        return total + Int(image.pixels[(y * box.width + x) * 3])
                    }
                    return Double(sum) / Double(count)
                }
            }
            let rows = zip(profile(scaled, alongRows: true), profile(reference, alongRows: true)).map { abs($0 - $1) }.max() ?? 0
            let columns = zip(profile(scaled, alongRows: false), profile(reference, alongRows: false)).map { abs($0 - $1) }.max() ?? 0
            return (rows, columns)
        }
        // A stretch by the rounded-up side moved the edge by a tenth of a row or more (20+ levels);
        // what is left is the scaled IDCT's own rounding.
        #expect(errors.rows <= 6, "rows off by \(errors.rows) levels at \(width)×\(height)")
        #expect(errors.columns <= 6, "columns off by \(errors.columns) levels at \(width)×\(height)")
    }

    @Test("a full-size decode returns every pixel")
    func fullSize() throws {
        let source = Photos.halves(width: 64, height: 48, left: (0, 200, 0), right: (200, 0, 200))
        let image = try decoder.decode(try JPEGEncoder(quality: 100).encode(source))
        #expect(image.size == source.size)
        expectClose(image.meanColor, source.meanColor, tolerance: 2)
    }
}

/// Photos with known colours, made in the test.
enum Photos {
    /// Red rises from 0 at the left to 255 at the right; green and blue are fixed.
    static func gradient(width: Int, height: Int) -> RGBImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 3)
        for _ in 0..<height {
            for x in 0..<width {
                pixels += [UInt8(x * 255 / (width - 1)), 64, 160]
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// The left half one colour, the right half another.
    static func halves(width: Int, height: Int, left: (UInt8, UInt8, UInt8), right: (UInt8, UInt8, UInt8)) -> RGBImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 3)
        for _ in 0..<height {
            for x in 0..<width {
                let colour = x < width / 2 ? left : right
                pixels += [colour.0, colour.1, colour.2]
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}

func expectClose(
    _ actual: (red: Double, green: Double, blue: Double), _ expected: (red: Double, green: Double, blue: Double),
    tolerance: Double, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(abs(actual.red - expected.red) <= tolerance, "red \(actual.red) vs \(expected.red)", sourceLocation: sourceLocation)
    #expect(abs(actual.green - expected.green) <= tolerance, "green \(actual.green) vs \(expected.green)", sourceLocation: sourceLocation)
    #expect(abs(actual.blue - expected.blue) <= tolerance, "blue \(actual.blue) vs \(expected.blue)", sourceLocation: sourceLocation)
}
