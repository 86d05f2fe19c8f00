import TerminalUIInterface

/// A style as SGR parameters, at the colour depth the terminal takes.
extension Style {
    /// The SGR parameters that set this style from a reset, e.g. `[1, 31]` or `[38, 2, 255, 0, 0]`.
    func sgrParameters(depth: ColorDepth) -> [Int] {
        var codes: [Int] = []
        if bold { codes.append(1) }
        if dim { codes.append(2) }
        if underline { codes.append(4) }
        if inverse { codes.append(7) }
        if let foreground { codes += foreground.foregroundCodes(depth) }
        if let background { codes += background.backgroundCodes(depth) }
        return codes
    }
}
