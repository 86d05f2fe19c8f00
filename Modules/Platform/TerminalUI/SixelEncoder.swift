import ImageCodec

/// DEC sixel graphics: an image as a palette of its own (at most 256 colours by median cut, as
/// percentages) and bands of six pixel rows, one pass per colour a band uses, runs of four or
/// more the same compressed (`!n`).
public enum SixelEncoder {
    /// The sixel sequence that draws `image` at the cursor, one pixel a terminal pixel.
    public static func encode(_ image: RGBImage) -> String {
        guard image.width > 0, image.height > 0 else { return "" }
        let palette = ColorPalette(image)
        let registers = palette.registers, colours = palette.colors.count
        var out = "\u{1B}P0;1;0q\"1;1;\(image.width);\(image.height)"
        for (register, colour) in palette.colors.enumerated() {
            out += "#\(register);2;\(percent(colour.red));\(percent(colour.green));\(percent(colour.blue))"
        }
        // One band at a time: each colour's sixels across the band, filled in one pass over its pixels.
        var sixels = [UInt8](repeating: 0, count: colours * image.width)
        for top in stride(from: 0, to: image.height, by: 6) {
            let bottom = min(image.height, top + 6)
            var inBand = [Bool](repeating: false, count: colours)
            for index in sixels.indices { sixels[index] = 0 }
            for y in top..<bottom {
                for x in 0..<image.width {
                    let register = Int(registers[y * image.width + x])
                    inBand[register] = true
                    sixels[register * image.width + x] |= 1 << UInt8(y - top)
                }
            }
            var firstColour = true
            for register in 0..<colours where inBand[register] {
                let row = Array(sixels[(register * image.width)..<((register + 1) * image.width)])
                out += (firstColour ? "" : "$") + "#\(register)" + runs(row)
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
