import Foundation

/// A BlurHash (blurha.sh): a photo's placeholder in a few dozen characters (a DC colour and up to
/// 9×9 cosine components, base 83), decoded to pixels of any small size. The Mastodon API sends one
/// with each photo, so a row shows the photo's shapes before a byte of it arrives.
public struct BlurHash: Hashable, Sendable {
    /// Components across and down, 1…9 each.
    public let componentsX: Int, componentsY: Int
    /// Each component's colour in linear light, DC first, row by row (`componentsX` per row).
    private let colours: [[Double]]

    /// The widest and tallest a decode is drawn at (a placeholder is blurry at any size).
    public static let maxSide = 512

    /// Parses `text`; nil unless it is a well-formed BlurHash: only base-83 characters, and
    /// exactly the length its component counts say (at most 166 characters).
    public init?(_ text: String) {
        let digits = text.utf8.map { Self.digit[Int($0)] }
        guard digits.count >= 6, digits.count <= 166, !digits.contains(-1) else { return nil }
        let size = digits[0]
        let (x, y) = (size % 9 + 1, size / 9 + 1)
        guard digits.count == 4 + 2 * x * y else { return nil }
        componentsX = x
        componentsY = y
        let maximum = Double(digits[1] + 1) / 166
        let dc = Self.value(digits[2..<6])
        var colours = [[(dc >> 16) & 255, (dc >> 8) & 255, dc & 255].map { Self.linear(fromSRGB: $0) }]
        for index in 1..<(x * y) {
            let ac = Self.value(digits[(4 + index * 2)..<(6 + index * 2)])
            colours.append([ac / (19 * 19), (ac / 19) % 19, ac % 19].map { Self.signedSquare((Double($0) - 9) / 9) * maximum })
        }
        self.colours = colours
    }

    /// The average colour (the DC component), as sRGB bytes.
    public var averageColour: (red: UInt8, green: UInt8, blue: UInt8) {
        let dc = colours[0].map(Self.sRGB(fromLinear:))
        return (dc[0], dc[1], dc[2])
    }

    /// The placeholder at `width` × `height` pixels (each clamped to 1…`maxSide`); `punch` above 1
    /// strengthens the contrast (clamped to 0…10).
    public func decode(width: Int, height: Int, punch: Double = 1) -> RGBImage {
        let width = min(max(1, width), Self.maxSide), height = min(max(1, height), Self.maxSide)
        let punch = punch.isFinite ? min(max(0, punch), 10) : 1
        // cos(π·x·i/width) for every column and component, and the same down: the sum is separable.
        let across = (0..<componentsX).map { i in (0..<width).map { cos(Double.pi * Double($0 * i) / Double(width)) } }
        let down = (0..<componentsY).map { j in (0..<height).map { cos(Double.pi * Double($0 * j) / Double(height)) } }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                var (red, green, blue) = (0.0, 0.0, 0.0)
                for j in 0..<componentsY {
                    for i in 0..<componentsX {
                        let basis = across[i][x] * down[j][y]
                        let colour = colours[j * componentsX + i]
                        let scale = i == 0 && j == 0 ? basis : basis * punch
                        red += colour[0] * scale
                        green += colour[1] * scale
                        blue += colour[2] * scale
                    }
                }
                let offset = (y * width + x) * 3
                pixels[offset] = Self.sRGB(fromLinear: red)
                pixels[offset + 1] = Self.sRGB(fromLinear: green)
                pixels[offset + 2] = Self.sRGB(fromLinear: blue)
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// Each ASCII byte's base-83 digit, -1 for a byte that is none.
    private static let digit: [Int] = {
        var table = [Int](repeating: -1, count: 256)
        for (index, byte) in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~".utf8.enumerated() {
            table[Int(byte)] = index
        }
        return table
    }()

    /// The number the base-83 `digits` spell (at most 4, so it fits).
    private static func value(_ digits: ArraySlice<Int>) -> Int { digits.reduce(0) { $0 * 83 + $1 } }

    private static func signedSquare(_ value: Double) -> Double { value < 0 ? -(value * value) : value * value }

    /// A byte of sRGB in linear light.
    static func linearValue(_ byte: UInt8) -> Double { linear(fromSRGB: Int(byte)) }

    private static func linear(fromSRGB byte: Int) -> Double {
        let value = Double(byte) / 255
        return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    /// A linear value as an sRGB byte.
    static func sRGBByte(fromLinear value: Double) -> UInt8 { sRGB(fromLinear: value) }

    private static func sRGB(fromLinear value: Double) -> UInt8 {
        let clamped = value.isFinite ? min(max(0, value), 1) : 0
        let scaled = clamped <= 0.0031308 ? clamped * 12.92 : 1.055 * pow(clamped, 1 / 2.4) - 0.055
        return UInt8(min(255, Int(scaled * 255 + 0.5)))
    }
}
