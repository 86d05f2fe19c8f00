/// The xterm 256-colour palette above the 16 system colours: a 6×6×6 cube (16–231) and 24
/// greys (232–255), whose values every xterm-compatible terminal agrees on.
public enum XTermPalette {
    /// The cube's six levels per channel.
    static let levels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The palette index (16–255) nearest to the colour, by squared distance in RGB.
    public static func nearest(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let r = Int(red), g = Int(green), b = Int(blue)
        let (ri, gi, bi) = (level(r), level(g), level(b))
        let cube = (levels[ri], levels[gi], levels[bi])
        let cubeIndex = 16 + 36 * ri + 6 * gi + bi
        // The grey ramp runs 8, 18, …, 238.
        let mean = (r + g + b) / 3
        let greyStep = max(0, min(23, (mean - 3) / 10))
        let grey = 8 + 10 * greyStep
        let cubeDistance = distance((r, g, b), cube)
        let greyDistance = distance((r, g, b), (grey, grey, grey))
        return UInt8(greyDistance < cubeDistance ? 232 + greyStep : cubeIndex)
    }

    /// The colour of palette index `index` (16–255); the 16 system colours are left to the terminal.
    public static func color(of index: UInt8) -> (red: UInt8, green: UInt8, blue: UInt8)? {
        switch index {
        case 16...231:
            let value = Int(index) - 16
            return (UInt8(levels[value / 36]), UInt8(levels[value / 6 % 6]), UInt8(levels[value % 6]))
        case 232...255:
            let grey = UInt8(8 + 10 * (Int(index) - 232))
            return (grey, grey, grey)
        default:
            return nil
        }
    }

    /// The nearest cube level to a channel value.
    private static func level(_ value: Int) -> Int {
        if value < 48 { return 0 }
        if value < 115 { return 1 }
        return min(5, (value - 35) / 40)
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let (dr, dg, db) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
        return dr * dr + dg * dg + db * db
    }
}
