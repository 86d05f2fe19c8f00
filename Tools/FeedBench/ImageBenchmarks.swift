import Foundation
import ImageCodec

/// (g) Decoding a 1080×1350 photo for a 26×14-pixel box: libjpeg-turbo's DCT-domain scaling
/// (1/8 here) then area averaging, against a full-size decode followed by the same averaging;
/// and one 1600×900 photo to an 80×22 box as PNG against JPEG.
@MainActor
enum ImageBenchmarks {
    static func run() async -> [String] {
        let photo: Data
        do {
            photo = try JPEGEncoder(quality: 85).encode(detailedPhoto(width: 1080, height: 1350))
        } catch {
            return ["(g) skipped: the test photo could not be encoded (\(error))"]
        }
        let box = PixelSize(width: 26, height: 14)
        let decoder = JPEGDecoder()
        var sink = 0
        // Interleaved runs, so both see the same machine load.
        var scaledSamples: [Duration] = []
        var fullSamples: [Duration] = []
        for _ in 0..<7 {
            fullSamples.append(await Measure.median(runs: 3) {
                sink &+= (try? decoder.decode(photo).resized(to: box).pixels.count) ?? 0
            })
            scaledSamples.append(await Measure.median(runs: 3) {
                sink &+= (try? decoder.decode(photo, to: box).pixels.count) ?? 0
            })
        }
        let scaled = scaledSamples.sorted()[scaledSamples.count / 2]
        let full = fullSamples.sorted()[fullSamples.count / 2]
        // Where the time goes: the decode alone at full size and at 1/8 (135×169), no averaging.
        let fullDecode = await Measure.median(runs: 9) { sink &+= (try? decoder.decode(photo).pixels.count) ?? 0 }
        let eighth = PixelSize(width: 135, height: 169)
        let eighthDecode = await Measure.median(runs: 9) { sink &+= (try? decoder.decode(photo, to: eighth).pixels.count) ?? 0 }
        return [
            "(g) decode a 1080×1350 JPEG (\(photo.count / 1024) KiB) to a 26×14 box: full decode + downsample vs DCT-scaled (goal: ≥ 3×)",
            "    full \(Measure.format(full)), scaled \(Measure.format(scaled)) → \(Measure.ratio(full, scaled)) faster"
                + (sink == 0 ? " (nothing decoded!)" : ""),
            "    decode alone: full size \(Measure.format(fullDecode)), 1/8 scale \(Measure.format(eighthDecode)) (Huffman decoding, which no scale skips, bounds the 1/8 decode)",
        ] + (await pngAgainstJPEG())
    }

    /// One 1600×900 photo as PNG and as JPEG (quality 85), each decoded to an 80×22 box: a PNG
    /// has no scaled decode, so every row is inflated, unfiltered and averaged in (issue 31).
    private static func pngAgainstJPEG() async -> [String] {
        let photo = detailedPhoto(width: 1600, height: 900)
        guard let jpeg = try? JPEGEncoder(quality: 85).encode(photo) else { return ["    PNG: skipped (the JPEG could not be encoded)"] }
        let png = PNGEncoder.encode(photo)
        let box = PixelSize(width: 80, height: 22)
        let decoder = PhotoDecoder()
        var sink = 0
        let pngTime = await Measure.median(runs: 5) { sink &+= (try? decoder.decode(png, to: box).pixels.count) ?? 0 }
        let jpegTime = await Measure.median(runs: 5) { sink &+= (try? decoder.decode(jpeg, to: box).pixels.count) ?? 0 }
        return [
            "    the same 1600×900 photo to an 80×22 box: PNG (\(png.count / 1024) KiB) \(Measure.format(pngTime)), JPEG (\(jpeg.count / 1024) KiB) \(Measure.format(jpegTime))"
                + (sink == 0 ? " (nothing decoded!)" : "")
        ]
    }

    /// A photo-like picture: smooth gradients, a few soft shapes with edges, and fine grain, so
    /// the JPEG is about the size of a real 1080×1350 photo at quality 85 (a few hundred KiB).
    private static func detailedPhoto(width: Int, height: Int) -> RGBImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let circles = [(x: 300, y: 400, r: 220), (x: 760, y: 900, r: 300), (x: 540, y: 1200, r: 120)]
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let grain = Int(state >> 61)  // 0...7
                var red = 40 + x * 150 / width, green = 60 + y * 120 / height, blue = 140 - y * 80 / height
                for circle in circles where (x - circle.x) * (x - circle.x) + (y - circle.y) * (y - circle.y) < circle.r * circle.r {
                    red = 220 - (y - circle.y) / 4
                    green = 120 + (x - circle.x) / 5
                    blue = 60
                }
                let index = (y * width + x) * 3
                pixels[index] = UInt8(clamping: red + grain)
                pixels[index + 1] = UInt8(clamping: green + grain)
                pixels[index + 2] = UInt8(clamping: blue + grain)
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}
