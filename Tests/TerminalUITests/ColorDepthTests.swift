import ImageCodec
import Testing

@testable import TerminalUI
@testable import TerminalUIInterface

@Suite("24-bit colour, the 256-colour fallback and half-block photos")
struct ColorDepthTests {
    let size = TerminalSize(columns: 6, rows: 3)

    @Test("the environment decides the depth: NO_COLOR none, COLORTERM truecolor/24bit, else 256")
    func detection() {
        #expect(ColorDepth.detect(environment: [:]) == .palette256)
        #expect(ColorDepth.detect(environment: ["COLORTERM": "truecolor"]) == .trueColor)
        #expect(ColorDepth.detect(environment: ["COLORTERM": "24bit", "TERM": "xterm-256color"]) == .trueColor)
        #expect(ColorDepth.detect(environment: ["COLORTERM": "TrueColor"]) == .trueColor)
        #expect(ColorDepth.detect(environment: ["COLORTERM": "yes"]) == .palette256)
        #expect(ColorDepth.detect(environment: ["COLORTERM": "truecolor", "NO_COLOR": "1"]) == ColorDepth.none)
        #expect(ColorDepth.detect(environment: ["COLORTERM": "truecolor", "TERM": "dumb"]) == ColorDepth.none)
    }

    @Test("the writer sends 38;2 / 48;2 in 24-bit, 38;5 / 48;5 in 256 colours, nothing without colour")
    func escapes() throws {
        var frame = ScreenBuffer(size: size)
        frame.write("x", row: 0, column: 0, style: Style(foreground: .rgb(red: 255, green: 128, blue: 0), background: .rgb(red: 0, green: 0, blue: 95)))
        var sent: [String] = []
        try ScreenWriter(depth: .trueColor) { sent.append($0) }.draw(frame)
        #expect(sent.last?.hasSuffix("\u{1B}[1;1H\u{1B}[0;38;2;255;128;0;48;2;0;0;95mx\u{1B}[0m") == true)
        try ScreenWriter(depth: .palette256) { sent.append($0) }.draw(frame)
        #expect(sent.last?.hasSuffix("\u{1B}[1;1H\u{1B}[0;38;5;208;48;5;17mx\u{1B}[0m") == true)
        try ScreenWriter(depth: .none) { sent.append($0) }.draw(frame)
        #expect(sent.last?.hasSuffix("\u{1B}[1;1H\u{1B}[0mx\u{1B}[0m") == true)
        // Basic colours and attributes are the same at every depth.
        var basic = ScreenBuffer(size: size)
        basic.write("y", row: 0, column: 0, style: Style(foreground: .red, background: .gray, bold: true))
        for depth in [ColorDepth.palette256, .trueColor] {
            #expect(FrameDiff.encode(from: ScreenBuffer(size: size), to: basic, depth: depth) == "\u{1B}[1;1H\u{1B}[0;1;31;100my\u{1B}[0m")
        }
        // The Bool API means 256 colours.
        #expect(FrameDiff.encode(from: nil, to: frame, colors: true) == FrameDiff.encode(from: nil, to: frame, depth: .palette256))
    }

    @Test("24-bit colours map to the nearest of the xterm-256 cube and greys")
    func nearest256() {
        #expect(XTermPalette.nearest(red: 0, green: 0, blue: 0) == 16)
        #expect(XTermPalette.nearest(red: 255, green: 255, blue: 255) == 231)
        #expect(XTermPalette.nearest(red: 255, green: 0, blue: 0) == 196)
        #expect(XTermPalette.nearest(red: 0, green: 255, blue: 0) == 46)
        #expect(XTermPalette.nearest(red: 0, green: 0, blue: 255) == 21)
        #expect(XTermPalette.nearest(red: 95, green: 135, blue: 175) == 67, "an exact cube colour")
        #expect(XTermPalette.nearest(red: 128, green: 128, blue: 128) == 244, "mid grey is on the ramp (128)")
        #expect(XTermPalette.nearest(red: 30, green: 30, blue: 30) == 234, "a dark grey is on the ramp (28)")
        #expect(XTermPalette.nearest(red: 255, green: 128, blue: 0) == 208, "(255, 135, 0)")
        // Exhaustively on a lattice: the chosen entry is never farther than any other entry.
        for red in stride(from: 0, through: 255, by: 17) {
            for green in stride(from: 0, through: 255, by: 51) {
                for blue in stride(from: 3, through: 255, by: 36) {
                    let chosen = XTermPalette.nearest(red: UInt8(red), green: UInt8(green), blue: UInt8(blue))
                    let best = (16...255).map { distance(UInt8($0), red, green, blue) }.min()!
                    #expect(distance(chosen, red, green, blue) == best, "\(red),\(green),\(blue) → \(chosen)")
                }
            }
        }
        #expect(XTermPalette.color(of: 196)! == (255, 0, 0) && XTermPalette.color(of: 232)! == (8, 8, 8) && XTermPalette.color(of: 3) == nil)
    }

    @Test("a 2×4 photo fills 2×2 cells: each ▀ takes the top pixel, its background the bottom one")
    func halfBlocks() {
        // Rows of pixels: (red, green), (blue, white), (black, grey), (yellow, cyan).
        let pixels: [[UInt8]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255], [0, 0, 0], [128, 128, 128], [255, 255, 0], [0, 255, 255]]
        let image = RGBImage(width: 2, height: 4, pixels: pixels.flatMap { $0 })
        #expect(HalfBlockImage.pixelSize(columns: 2, rows: 2) == PixelSize(width: 2, height: 4))
        var frame = ScreenBuffer(size: size)
        frame.draw(image, row: 1, column: 3)
        func style(_ row: Int, _ column: Int) -> (Color?, Color?) { (frame[row, column].style.foreground, frame[row, column].style.background) }
        #expect(frame[1, 3].grapheme == "▀" && frame[2, 4].grapheme == "▀" && frame[0, 3].grapheme == " " && frame[1, 5].grapheme == " ")
        #expect(style(1, 3) == (.rgb(red: 255, green: 0, blue: 0), .rgb(red: 0, green: 0, blue: 255)))
        #expect(style(1, 4) == (.rgb(red: 0, green: 255, blue: 0), .rgb(red: 255, green: 255, blue: 255)))
        #expect(style(2, 3) == (.rgb(red: 0, green: 0, blue: 0), .rgb(red: 255, green: 255, blue: 0)))
        #expect(style(2, 4) == (.rgb(red: 128, green: 128, blue: 128), .rgb(red: 0, green: 255, blue: 255)))
        // The frame goes out as 24-bit half blocks.
        let text = FrameDiff.encode(from: ScreenBuffer(size: size), to: frame, depth: .trueColor)
        #expect(text.hasPrefix("\u{1B}[2;4H\u{1B}[0;38;2;255;0;0;48;2;0;0;255m▀"))
    }

    @Test("a photo is clipped at the buffer's edges, and an odd height leaves the last bottom half empty")
    func clipping() {
        let image = RGBImage(width: 4, height: 3, red: 10, green: 20, blue: 30)
        var frame = ScreenBuffer(size: size)
        frame.draw(image, row: 2, column: 4)
        #expect(frame[2, 4].grapheme == "▀" && frame[2, 5].grapheme == "▀")
        frame.draw(image, row: -1, column: -3)
        #expect(frame[0, 0].style.background == nil && frame[0, 0].style.foreground == .rgb(red: 10, green: 20, blue: 30))
        #expect(frame[0, 1].grapheme == " ")
        frame.draw(image, row: -50, column: 100)
        frame.draw(image, row: 50, column: -100)
        #expect(frame.text(row: 1) == "")
    }
}

private func distance(_ index: UInt8, _ red: Int, _ green: Int, _ blue: Int) -> Int {
    let color = XTermPalette.color(of: index)!
    let (dr, dg, db) = (Int(color.red) - red, Int(color.green) - green, Int(color.blue) - blue)
    return dr * dr + dg * dg + db * db
}
