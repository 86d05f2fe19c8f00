/// At most 256 colours of one image's own, by median cut: the image's colours (5 bits a channel)
/// are split, box by box, across the channel that spreads widest, at the pixel-weighted median;
/// each box's colour is the mean of its pixels. Far closer to a photo than a fixed palette; a
/// sixel's registers and a palette PNG's entries.
public struct ColorPalette: Sendable {
    /// The palette's colours, in index order.
    public let colors: [(red: UInt8, green: UInt8, blue: UInt8)]
    /// Each pixel's index into `colors`, row by row.
    public let registers: [UInt8]

    /// The palette of `image`, at most `maxColors` (1…256) colours.
    public init(_ image: RGBImage, maxColors: Int = 256) {
        let limit = min(256, max(1, maxColors))
        var count = [Int](repeating: 0, count: 32_768)
        var sums = [Int](repeating: 0, count: 32_768 * 3)
        var bins = [Int](repeating: 0, count: image.width * image.height)
        for index in bins.indices {
            let base = index * 3
            let (r, g, b) = (Int(image.pixels[base]), Int(image.pixels[base + 1]), Int(image.pixels[base + 2]))
            let bin = (r >> 3) << 10 | (g >> 3) << 5 | b >> 3
            bins[index] = bin
            count[bin] += 1
            sums[bin * 3] += r
            sums[bin * 3 + 1] += g
            sums[bin * 3 + 2] += b
        }
        var boxes: [[Int]] = [(0..<32_768).filter { count[$0] > 0 }]
        func channel(_ bin: Int, _ c: Int) -> Int { bin >> (10 - 5 * c) & 31 }
        func spread(_ box: [Int]) -> (range: Int, channel: Int) {
            var best = (range: 0, channel: 0)
            for c in 0..<3 {
                var low = 31, high = 0
                for bin in box {
                    low = min(low, channel(bin, c))
                    high = max(high, channel(bin, c))
                }
                if high - low > best.range { best = (high - low, c) }
            }
            return best
        }
        var spreads = boxes.map(spread)
        while boxes.count < limit {
            // The box whose colours spread widest (ties: the first); none left to split ends it.
            var chosen: (index: Int, channel: Int)?
            var widest = 0
            for (index, box) in spreads.enumerated() where box.range > widest {
                (widest, chosen) = (box.range, (index, box.channel))
            }
            guard let chosen else { break }
            let sorted = boxes[chosen.index].sorted { (channel($0, chosen.channel), $0) < (channel($1, chosen.channel), $1) }
            let total = sorted.reduce(0) { $0 + count[$1] }
            var seen = 0, cut = 1
            for (offset, bin) in sorted.enumerated().dropLast() {
                seen += count[bin]
                cut = offset + 1
                if seen * 2 >= total { break }
            }
            boxes[chosen.index] = Array(sorted[..<cut])
            boxes.append(Array(sorted[cut...]))
            spreads[chosen.index] = spread(boxes[chosen.index])
            spreads.append(spread(boxes[boxes.count - 1]))
        }
        var lookup = [UInt8](repeating: 0, count: 32_768)
        var colors: [(red: UInt8, green: UInt8, blue: UInt8)] = []
        for (register, box) in boxes.enumerated() {
            var pixels = 0, red = 0, green = 0, blue = 0
            for bin in box {
                lookup[bin] = UInt8(register)
                pixels += count[bin]
                red += sums[bin * 3]
                green += sums[bin * 3 + 1]
                blue += sums[bin * 3 + 2]
            }
            let n = max(1, pixels)
            colors.append((UInt8((red + n / 2) / n), UInt8((green + n / 2) / n), UInt8((blue + n / 2) / n)))
        }
        self.colors = colors
        registers = bins.map { lookup[$0] }
    }
}
