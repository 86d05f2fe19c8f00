/// A terminal colour: one of the eight basic colours plus grey, which every terminal shows, or a
/// 24-bit colour (sent as 24-bit where the terminal takes it, else as the nearest of 256).
public enum Color: Hashable, Sendable, CustomStringConvertible {
    case black, red, green, yellow, blue, magenta, cyan, white
    /// Bright black, which most terminals show as grey.
    case gray
    /// Any colour, 8 bits a channel.
    case rgb(red: UInt8, green: UInt8, blue: UInt8)

    public var description: String {
        switch self {
        case .black: "black"
        case .red: "red"
        case .green: "green"
        case .yellow: "yellow"
        case .blue: "blue"
        case .magenta: "magenta"
        case .cyan: "cyan"
        case .white: "white"
        case .gray: "gray"
        case .rgb(let red, let green, let blue):
            "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }
    }
}
