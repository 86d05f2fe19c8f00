import Foundation
import ImageCodecTesting
import Testing
import TestingSupport

@testable import ImageCodec

/// One kind of PNG: colour type and bit depth, with or without tRNS.
struct PNGKind: Sendable, CustomTestStringConvertible {
    let colorType: PNGWriter.ColorType
    let bitDepth: Int
    var transparency = false

    var testDescription: String { "\(colorType) \(bitDepth)-bit\(transparency ? " + tRNS" : "")" }

    /// Every colour type at every bit depth PNG allows, and tRNS where it may appear.
    static let all: [PNGKind] =
        [1, 2, 4, 8, 16].map { PNGKind(colorType: .grey, bitDepth: $0) } + [1, 2, 4, 8].map { PNGKind(colorType: .palette, bitDepth: $0) }
        + [8, 16].flatMap { [PNGKind(colorType: .rgb, bitDepth: $0), PNGKind(colorType: .greyAlpha, bitDepth: $0), PNGKind(colorType: .rgba, bitDepth: $0)] }
        + [PNGKind(colorType: .grey, bitDepth: 2, transparency: true), PNGKind(colorType: .grey, bitDepth: 16, transparency: true),
           PNGKind(colorType: .rgb, bitDepth: 8, transparency: true), PNGKind(colorType: .rgb, bitDepth: 16, transparency: true),
           PNGKind(colorType: .palette, bitDepth: 4, transparency: true), PNGKind(colorType: .palette, bitDepth: 8, transparency: true)]
}

/// A PNG of known samples and the pixels it must decode to, worked out here from the PNG
/// specification (not by libpng): samples scaled to 8 bits, palette looked up, transparency
/// composited over the background.
struct PNGSample {
    let kind: PNGKind
    let width: Int
    let height: Int
    let samples: [UInt16]
    let palette: [UInt8]
    let transparency: [UInt8]?

    init(_ kind: PNGKind, width: Int, height: Int, seed: UInt64 = 1) {
        self.kind = kind
        self.width = width
        self.height = height
        var random = SplitMix64(seed: seed &+ UInt64(kind.colorType.rawValue) << 8 &+ UInt64(kind.bitDepth))
        let top = kind.colorType == .palette ? min(1 << kind.bitDepth, 200) : 1 << kind.bitDepth
        var samples = (0..<(width * height * kind.colorType.channels)).map { _ in UInt16(random.next() % UInt64(top)) }
        palette = kind.colorType == .palette ? (0..<(top * 3)).map { _ in UInt8(random.next() & 0xFF) } : []
        switch (kind.transparency, kind.colorType) {
        case (false, _):
            transparency = nil
        case (true, .palette):
            // Fewer entries than the palette: the rest are opaque.
            transparency = (0..<max(1, top / 2)).map { index in index == 0 ? 0 : UInt8(random.next() & 0xFF) }
        case (true, .rgb):
            // The colour of the first pixel, made common, is transparent.
            for index in stride(from: 0, to: samples.count, by: 9) { samples[index..<index + 3] = samples[0..<3] }
            transparency = samples[0..<3].flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        default:
            for index in stride(from: 0, to: samples.count, by: 3) { samples[index] = samples[0] }
            transparency = [UInt8(samples[0] >> 8), UInt8(samples[0] & 0xFF)]
        }
        self.samples = samples
    }

    func file(interlaced: Bool = false) -> Data {
        PNGWriter.make(
            width: width, height: height, colorType: kind.colorType, bitDepth: kind.bitDepth, samples: samples, palette: palette,
            transparency: transparency, interlaced: interlaced, idatChunkBytes: 97)
    }

    /// A sample at the file's depth as 8 bits: low depths spread over 0...255, 16 bits rounded.
    func eightBits(_ sample: UInt16) -> Int {
        switch kind.bitDepth {
        case 16: Int((Double(sample) * 255 / 65_535).rounded())
        case 8: Int(sample)
        default: Int(sample) * 255 / ((1 << kind.bitDepth) - 1)
        }
    }

    /// The big-endian 16-bit value at `index` of `bytes`.
    static func sixteenBits(_ bytes: [UInt8], at index: Int) -> UInt16 { UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]) }

    func expected(over background: PNGDecoder.Background = .black) -> RGBImage {
        let channels = kind.colorType.channels
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 3)
        for index in 0..<(width * height) {
            let raw = Array(samples[index * channels..<(index + 1) * channels])
            var colour: [Int]
            var alpha = 255
            switch kind.colorType {
            case .grey, .greyAlpha:
                colour = Array(repeating: eightBits(raw[0]), count: 3)
                if kind.colorType == .greyAlpha { alpha = eightBits(raw[1]) }
                if let key = transparency, raw[0] == Self.sixteenBits(key, at: 0) { alpha = 0 }
            case .rgb, .rgba:
                colour = raw.prefix(3).map(eightBits)
                if kind.colorType == .rgba { alpha = eightBits(raw[3]) }
                if let key = transparency, (0..<3).allSatisfy({ channel in raw[channel] == Self.sixteenBits(key, at: channel * 2) }) { alpha = 0 }
            case .palette:
                let entry = Int(raw[0])
                colour = (0..<3).map { Int(palette[entry * 3 + $0]) }
                if let table = transparency, entry < table.count { alpha = Int(table[entry]) }
            }
            let back = [Int(background.red), Int(background.green), Int(background.blue)]
            for channel in 0..<3 { pixels.append(UInt8((colour[channel] * alpha + back[channel] * (255 - alpha) + 127) / 255)) }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}

/// The exact area average, in doubles: each output pixel the mean of the source area it covers.
func exactAreaAverage(_ image: RGBImage, to size: PixelSize) -> [Double] {
    func spans(_ source: Int, _ target: Int) -> [[(Int, Double)]] {
        let scale = Double(source) / Double(target)
        return (0..<target).map { index in
            let start = Double(index) * scale, end = Double(index + 1) * scale
            return (Int(start)..<min(source, Int(end.rounded(.up)))).compactMap { position in
                let covered = min(Double(position + 1), end) - max(Double(position), start)
                return covered > 0 ? (position, covered / scale) : nil
            }
        }
    }
    let columns = spans(image.width, size.width), rows = spans(image.height, size.height)
    var out: [Double] = []
    for y in 0..<size.height {
        for x in 0..<size.width {
            for channel in 0..<3 {
                var sum = 0.0
                for (row, rowWeight) in rows[y] {
                    for (column, columnWeight) in columns[x] {
                        sum += Double(image.pixels[(row * image.width + column) * 3 + channel]) * rowWeight * columnWeight
                    }
                }
                out.append(sum)
            }
        }
    }
    return out
}

@Suite("PNGDecoder: every kind of PNG decodes to the pixels the specification gives")
struct PNGDecoderTests {
    let decoder = PNGDecoder()

    @Test("every colour type and bit depth, at full size and in a box, interlaced or not", arguments: PNGKind.all)
    func everyKind(kind: PNGKind) throws {
        let sample = PNGSample(kind, width: 37, height: 23)
        let expected = sample.expected()
        let plain = try decoder.decode(sample.file())
        #expect(plain == expected)
        // Adam7 comes out the same, pixel for pixel.
        #expect(try decoder.decode(sample.file(interlaced: true)) == expected)
        let box = PixelSize(width: 9, height: 5)
        let boxed = try decoder.decode(sample.file(), to: box)
        #expect(boxed == expected.resized(to: box))
        #expect(try decoder.decode(sample.file(interlaced: true), to: box) == boxed)
        // Within rounding of the exact area average.
        let exact = exactAreaAverage(expected, to: box)
        let worst = zip(boxed.pixels, exact).map { abs(Double($0) - $1) }.max() ?? 0
        #expect(worst <= 0.51, "\(worst)")
        #expect(try decoder.dimensions(of: sample.file(interlaced: true)) == PixelSize(width: 37, height: 23))
    }

    @Test("transparency is composited over the background colour", arguments: [
        PNGKind(colorType: .rgba, bitDepth: 8), PNGKind(colorType: .greyAlpha, bitDepth: 16),
        PNGKind(colorType: .palette, bitDepth: 8, transparency: true), PNGKind(colorType: .rgb, bitDepth: 16, transparency: true),
    ])
    func alphaComposited(kind: PNGKind) throws {
        let sample = PNGSample(kind, width: 16, height: 9, seed: 5)
        let background = PNGDecoder.Background(red: 250, green: 128, blue: 3)
        let image = try PNGDecoder(background: background).decode(sample.file())
        #expect(image == sample.expected(over: background))
        #expect(image != sample.expected(over: .black), "the background shows through")
        #expect(PNGDecoder().background == .black)
    }

    @Test("a pixel that is fully transparent is the background, an opaque one its own colour")
    func alphaEnds() throws {
        // Two RGBA pixels: opaque red, transparent green.
        let file = PNGWriter.make(width: 2, height: 1, colorType: .rgba, bitDepth: 8, samples: [255, 0, 0, 255, 0, 255, 0, 0])
        let image = try PNGDecoder(background: .init(red: 10, green: 20, blue: 30)).decode(file)
        #expect(image.pixels == [255, 0, 0, 10, 20, 30])
        #expect(try PNGDecoder().decode(file).pixels == [255, 0, 0, 0, 0, 0])
    }

    @Test("16-bit samples are rounded to 8 bits, not cut: all 65,536 values")
    func sixteenBitRounding() throws {
        let samples = (0..<65_536).map { UInt16($0) }
        let file = PNGWriter.make(width: 256, height: 256, colorType: .grey, bitDepth: 16, samples: samples)
        let image = try decoder.decode(file)
        let wrong = samples.filter { Int(image.pixels[Int($0) * 3]) != Int((Double($0) * 255 / 65_535).rounded()) }
        #expect(wrong.isEmpty, "\(wrong.count) values, the first \(wrong.prefix(5))")
    }

    @Test("odd sizes: 1×1, 3×7 and 1001×999, at full size and in a box", arguments: [(1, 1), (3, 7), (1001, 999)])
    func oddSizes(width: Int, height: Int) async throws {
        let decoder = decoder
        // A megapixel in a debug build: on a thread of its own, not one of the pool's two.
        let results = try await onOwnThread { () throws -> [(RGBImage, RGBImage)] in
            try [PNGKind(colorType: .rgb, bitDepth: 8), PNGKind(colorType: .rgba, bitDepth: 8)].flatMap { kind in
                let sample = PNGSample(kind, width: width, height: height, seed: 11)
                let expected = sample.expected(), plain = sample.file(), interlaced = sample.file(interlaced: true)
                let box = PixelSize(width: min(80, width), height: min(22, height))
                let boxed = expected.resized(to: box)
                return [
                    (try decoder.decode(plain), expected), (try decoder.decode(interlaced), expected),
                    (try decoder.decode(plain, to: box), boxed), (try decoder.decode(interlaced, to: box), boxed),
                ]
            }
        }
        #expect(results.count == 8)
        for (decoded, expected) in results {
            #expect(decoded.size == expected.size)
            #expect(decoded == expected)
        }
    }

    @Test("aspect fit keeps the photo's shape inside the box; a box of the photo's size is a full decode")
    func aspectFit() throws {
        let sample = PNGSample(PNGKind(colorType: .rgb, bitDepth: 8), width: 400, height: 200)
        let file = sample.file()
        #expect(try decoder.decode(file, to: PixelSize(width: 30, height: 30), resize: .aspectFit).size == PixelSize(width: 30, height: 15))
        #expect(try decoder.decode(file, to: PixelSize(width: 30, height: 30)).size == PixelSize(width: 30, height: 30))
        #expect(try decoder.decode(file, to: PixelSize(width: 400, height: 200)) == sample.expected())
        // Upscaling repeats pixels.
        let tiny = PNGSample(PNGKind(colorType: .grey, bitDepth: 8), width: 2, height: 1)
        let doubled = try decoder.decode(tiny.file(), to: PixelSize(width: 4, height: 2))
        #expect(doubled == tiny.expected().resized(to: PixelSize(width: 4, height: 2)))
        #expect(doubled.pixel(x: 0, y: 1) == tiny.expected().pixel(x: 0, y: 0) && doubled.pixel(x: 3, y: 0) == tiny.expected().pixel(x: 1, y: 0))
    }

    @Test("a decode to a box keeps only rows: a full-size image past the byte budget still goes into a box")
    func streamsRows() throws {
        // 1200×1000 RGB: 3.6 MB of pixels, over a 1 MB budget.
        let file = PNGFailureTests.flat(width: 1200, height: 1000, colorType: .rgb, value: 77)
        let small = PNGDecoder(maxMemoryBytes: 1 << 20)
        do throws(ImageCodecError) {
            _ = try small.decode(file)
            Issue.record("a 3.6 MB image decoded within 1 MB")
        } catch .overBudget(let bytes, let limit) {
            #expect(limit == 1 << 20 && bytes > 1200 * 1000 * 3, "\(bytes) bytes")
        } catch {
            Issue.record("expected overBudget, got \(error)")
        }
        let box = PixelSize(width: 80, height: 22)
        #expect(try small.decode(file, to: box) == RGBImage(width: 80, height: 22, red: 77, green: 77, blue: 77))
    }
}

@Suite("RowResampler: rows averaged as they arrive equal the two-pass area average")
struct RowResamplerTests {
    /// The two-pass area average as `resized(to:covering:)` made it before it streamed rows.
    static func twoPass(_ image: RGBImage, to size: PixelSize, extent: (Double, Double)) -> RGBImage {
        let columns = AreaResampler.contributions(from: image.width, extent: extent.0, to: size.width)
        let rows = AreaResampler.contributions(from: image.height, extent: extent.1, to: size.height)
        var horizontal = [Float](repeating: 0, count: size.width * image.height * 3)
        for y in 0..<image.height {
            for x in 0..<size.width {
                for channel in 0..<3 {
                    var sum: Float = 0
                    for contribution in columns[x] { sum += Float(image.pixels[(y * image.width + contribution.index) * 3 + channel]) * contribution.weight }
                    horizontal[(y * size.width + x) * 3 + channel] = sum
                }
            }
        }
        let stride = size.width * 3
        var output = [UInt8](repeating: 0, count: size.height * stride)
        for y in 0..<size.height {
            for offset in 0..<stride {
                var sum: Float = 0
                for contribution in rows[y] { sum += horizontal[contribution.index * stride + offset] * contribution.weight }
                output[y * stride + offset] = UInt8(max(0, min(255, sum.rounded())))
            }
        }
        return RGBImage(width: size.width, height: size.height, pixels: output)
    }

    @Test("the same bytes for shrinking, growing, odd ratios and a fractional extent", arguments: [
        (97, 61, 13, 7, 97.0, 61.0), (97, 61, 40, 60, 97.0, 61.0), (5, 3, 11, 9, 5.0, 3.0), (300, 299, 58, 38, 298.125, 297.5),
        (1, 1, 3, 2, 1.0, 1.0), (64, 1, 1, 1, 64.0, 1.0),
    ])
    func sameAsTwoPass(width: Int, height: Int, targetWidth: Int, targetHeight: Int, extentWidth: Double, extentHeight: Double) {
        var random = SplitMix64(seed: UInt64(width * 7 + height))
        let image = RGBImage(width: width, height: height, pixels: (0..<(width * height * 3)).map { _ in UInt8(random.next() & 0xFF) })
        let size = PixelSize(width: targetWidth, height: targetHeight)
        let streamed = image.resized(to: size, covering: (extentWidth, extentHeight))
        #expect(streamed == Self.twoPass(image, to: size, extent: (extentWidth, extentHeight)))
    }
}
