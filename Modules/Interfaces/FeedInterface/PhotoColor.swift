/// A photo's dominant colour, drawn in its box before any pixel arrives (`image.placeholder`).
public struct PhotoColor: Hashable, Sendable {
    /// Red, 0–255.
    public let red: UInt8
    /// Green, 0–255.
    public let green: UInt8
    /// Blue, 0–255.
    public let blue: UInt8

    /// Creates a colour.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The colour of `#rrggbb` (either case), or `nil` for anything else.
    public init?(hex text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 7, bytes[0] == UInt8(ascii: "#") else { return nil }
        var values: [UInt8] = []
        for index in stride(from: 1, to: 7, by: 2) {
            guard let high = Self.nibble(bytes[index]), let low = Self.nibble(bytes[index + 1]) else { return nil }
            values.append(high << 4 | low)
        }
        self.init(red: values[0], green: values[1], blue: values[2])
    }

    /// The colour as `#rrggbb`, lower case.
    public var hex: String {
        let digits = Array("0123456789abcdef")
        return "#" + [red, green, blue].map { String([digits[Int($0 >> 4)], digits[Int($0 & 15)]]) }.joined()
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
