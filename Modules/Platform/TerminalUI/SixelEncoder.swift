import ImageCodec

/// DEC sixel graphics: an image as a palette (the xterm 256-colour cube and greys, registers
/// 0–239, only those used sent, as percentages) and bands of six pixel rows, one pass per
/// colour a band uses, runs of four or more the same compressed (`!n`).
public enum SixelEncoder {
    /// The sixel sequence that draws `image` at the cursor, one pixel a terminal pixel.
    public static func encode(_ image: RGBImage) -> String {
        guard image.width > 0, image.height > 0 else { return "" }
        // Each pixel's register: its nearest xterm colour (16–255) less 16.
        var registers = [UInt8](repeating: 0, count: image.width * image.height)
        var used = [Bool](repeating: false, count: 240)
        for index in registers.indices {
            let base = index * 3
            let nearest = XTermPalette.nearest(red: image.pixels[base], green: image.pixels[base + 1], blue: image.pixels[base + 2])
            registers[index] = nearest - 16
            used[Int(nearest - 16)] = true
        }
        var out = "\u{1B}P0;1;0q\"1;1;\(image.width);\(image.height)"
        for register in 0..<240 where used[register] {
            let (red, green, blue) = XTermPalette.color(of: UInt8(register + 16)) ?? (0, 0, 0)
            out += "#\(register);2;\(percent(red));\(percent(green));\(percent(blue))"
        }
        var sixels = [UInt8](repeating: 0, count: image.width)
        for top in stride(from: 0, to: image.height, by: 6) {
            let bottom = min(image.height, top + 6)
            var inBand = [Bool](repeating: false, count: 240)
            for y in top..<bottom {
                for x in 0..<image.width { inBand[Int(registers[y * image.width + x])] = true }
            }
            var firstColour = true
            for register in 0..<240 where inBand[register] {
                for x in 0..<image.width {
                    var bits: UInt8 = 0
                    for y in top..<bottom where registers[y * image.width + x] == register { bits |= 1 << UInt8(y - top) }
                    sixels[x] = bits
                }
                out += (firstColour ? "" : "$") + "#\(register)" + runs(sixels)
                firstColour = false
            }
            if bottom < image.height { out += "-" }
        }
        return out + "\u{1B}\\"
    }

    /// The sixel characters of one colour's row of a band, runs of four or more as `!n`.
    static func runs(_ sixels: [UInt8]) -> String {
        var out = ""
        var index = 0
        while index < sixels.count {
            var end = index + 1
            while end < sixels.count, sixels[end] == sixels[index] { end += 1 }
            let character = Character(Unicode.Scalar(63 + sixels[index]))
            let count = end - index
            out += count >= 4 ? "!\(count)\(character)" : String(repeating: character, count: count)
            index = end
        }
        return out
    }

    private static func percent(_ value: UInt8) -> Int { (Int(value) * 100 + 127) / 255 }
}
