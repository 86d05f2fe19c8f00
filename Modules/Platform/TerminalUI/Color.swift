/// One of the eight basic terminal colours, plus grey; every terminal shows them.
public enum Color: UInt8, Hashable, Sendable, CaseIterable {
    case black = 0, red, green, yellow, blue, magenta, cyan, white
    /// Bright black, which most terminals show as grey.
    case gray = 60

    /// The SGR code for this colour as foreground (30–37, 90).
    var foregroundCode: Int { 30 + Int(rawValue) }
    /// The SGR code for this colour as background (40–47, 100).
    var backgroundCode: Int { 40 + Int(rawValue) }
}
