import TerminalUIInterface

/// A colour as SGR parameters.
extension Color {
    /// The SGR parameters for this colour as foreground at `depth` (empty when colour is off).
    func foregroundCodes(_ depth: ColorDepth) -> [Int] { codes(depth, base: 30, extended: 38) }

    /// The SGR parameters for this colour as background at `depth` (empty when colour is off).
    func backgroundCodes(_ depth: ColorDepth) -> [Int] { codes(depth, base: 40, extended: 48) }

    private func codes(_ depth: ColorDepth, base: Int, extended: Int) -> [Int] {
        switch (self, depth) {
        case (_, .none):
            return []
        case (.rgb(let red, let green, let blue), .trueColor):
            return [extended, 2, Int(red), Int(green), Int(blue)]
        case (.rgb(let red, let green, let blue), .palette256):
            return [extended, 5, Int(XTermPalette.nearest(red: red, green: green, blue: blue))]
        case (.gray, _):
            return [base + 60]
        default:
            return [base + basicIndex]
        }
    }

    private var basicIndex: Int {
        switch self {
        case .black: 0
        case .red: 1
        case .green: 2
        case .yellow: 3
        case .blue: 4
        case .magenta: 5
        case .cyan: 6
        case .white: 7
        case .gray: 60
        case .rgb: 0
        }
    }
}
