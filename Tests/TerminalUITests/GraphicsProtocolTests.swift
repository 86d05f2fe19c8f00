import Foundation
import ImageCodec
import Testing
import TestingSupport

@testable import TerminalUI
@testable import TerminalUIInterface

@Suite("the kitty graphics protocol and sixel: exact escape output, and what a writer sends when photos move")
struct GraphicsProtocolTests {
    let red: (UInt8, UInt8, UInt8) = (255, 0, 0)
    let blue: (UInt8, UInt8, UInt8) = (0, 0, 255)

    private func image(_ width: Int, _ height: Int, _ colour: (Int, Int) -> (UInt8, UInt8, UInt8)) -> RGBImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = colour(x, y)
                pixels += [r, g, b]
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// What a kitty transmission carries: its chunks joined and base64-decoded (a PNG file).
    private func carried(_ escape: String) throws -> (header: String, chunks: [String], file: Data) {
        let chunks = escape.components(separatedBy: "\u{1B}_G").dropFirst().map { String($0.dropLast(2)) }
        let header = String(try #require(chunks.first?.split(separator: ";").first))
        let payload = chunks.map { String($0[$0.index(after: $0.firstIndex(of: ";")!)...]) }.joined()
        return (header, chunks, try #require(Data(base64Encoded: payload)))
    }

    @Test("kitty: one chunk carries the whole header and the photo as a palette PNG (f=100) in base64")
    func kittyOneChunk() throws {
        let pixels = image(2, 1) { x, _ in x == 0 ? red : blue }
        let out = KittyGraphics.transmit(pixels, id: 7)
        #expect(out.hasPrefix("\u{1B}_Ga=t,f=100,i=7,q=2,m=0;") && out.hasSuffix("\u{1B}\\"))
        #expect(try carried(out).file == PNGEncoder.encodePalette(pixels))
        #expect(try PNGDecoder().decode(carried(out).file).pixels == pixels.pixels)
    }

    @Test("kitty: past 4096 base64 characters the pixels go in chunks, m=1 on all but the last, the header on the first only")
    func kittyChunks() throws {
        // Noise does not compress: 20,000 pixels of it take a byte each as a palette PNG, several chunks.
        var random = SplitMix64(seed: 7)
        let pixels = image(200, 100) { _, _ in
            (UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random))
        }
        let out = KittyGraphics.transmit(pixels, id: 3)
        let sent = try carried(out)
        #expect(sent.chunks.count >= 2)
        #expect(sent.header == "a=t,f=100,i=3,q=2,m=1")
        for chunk in sent.chunks.dropFirst().dropLast() { #expect(chunk.hasPrefix("m=1;")) }
        #expect(sent.chunks.last?.hasPrefix("m=0;") == true)
        #expect(sent.chunks.allSatisfy { $0.split(separator: ";", maxSplits: 1).last!.count <= KittyGraphics.chunkSize })
        #expect(sent.file == PNGEncoder.encodePalette(pixels))
    }

    @Test("kitty: a photo-like picture costs well under a quarter of its raw pixels in base64")
    func kittyCompresses() throws {
        // A sky, a horizon and a field with some texture, as the reference server draws them.
        let picture = image(400, 300) { x, y in
            y < 180 ? (UInt8(90 + y / 4), UInt8(140 + y / 5), 220) : (UInt8(120 + (x * 7 + y * 3) % 9), UInt8(70 + (x + y) % 5), 60)
        }
        let raw = Data(picture.pixels).base64EncodedString().utf8.count
        let sent = KittyGraphics.transmit(picture, id: 1).utf8.count
        #expect(sent * 4 < raw, "\(sent) bytes against \(raw) raw")
        #expect(try carried(KittyGraphics.transmit(picture, id: 1)).file == PNGEncoder.encodePalette(picture))
    }

    @Test("kitty: a placement names the image, its source rows and the box in cells, and keeps the cursor")
    func kittyPlacement() {
        #expect(KittyGraphics.place(id: 4, width: 390, pixelRows: 40..<440, columns: 39, rows: 20)
            == "\u{1B}_Ga=p,i=4,p=1,x=0,y=40,w=390,h=400,c=39,r=20,C=1,q=2\u{1B}\\")
        #expect(KittyGraphics.deleteAllPlacements == "\u{1B}_Ga=d,d=a,q=2\u{1B}\\")
        #expect(KittyGraphics.delete(id: 9) == "\u{1B}_Ga=d,d=I,i=9,q=2\u{1B}\\")
    }

    @Test("sixel: raster size, the image's own palette in percent, one pass per colour with $ between")
    func sixelOneBand() {
        // Red and blue on a diagonal: the median cut splits them apart, blue (lower red) first.
        let pixels = image(2, 2) { x, y in x == y ? red : blue }
        #expect(SixelEncoder.encode(pixels) == "\u{1B}P0;1;0q\"1;1;2;2#0;2;0;0;100#1;2;100;0;0#0A@$#1@A\u{1B}\\")
    }

    @Test("sixel: the palette has at most 256 colours, each the mean of its pixels, and follows the photo's colours")
    func sixelPalette() {
        var state: UInt64 = 1
        let noisy = image(64, 64) { _, _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (UInt8(truncatingIfNeeded: state >> 56), UInt8(truncatingIfNeeded: state >> 48), UInt8(truncatingIfNeeded: state >> 40))
        }
        let palette = ColorPalette(noisy)
        #expect(palette.colors.count == 256 && palette.registers.count == 64 * 64)
        // Three greys, a dark purple: each kept exactly, not snapped to a fixed cube.
        let few = ColorPalette(image(4, 1) { x, _ in [(10, 10, 10), (128, 128, 128), (250, 250, 250), (60, 20, 70)][x] })
        #expect(few.colors.count == 4)
        #expect(Set(few.colors.map { [$0.red, $0.green, $0.blue] }) == [[10, 10, 10], [128, 128, 128], [250, 250, 250], [60, 20, 70]])
    }

    @Test("sixel: six rows a band, - between bands, runs of four or more as !n")
    func sixelBandsAndRuns() {
        let column = image(1, 7) { _, _ in red }
        #expect(SixelEncoder.encode(column) == "\u{1B}P0;1;0q\"1;1;1;7#0;2;100;0;0#0~-#0@\u{1B}\\")
        let row = image(6, 1) { x, _ in x < 5 ? red : blue }
        #expect(SixelEncoder.encode(row) == "\u{1B}P0;1;0q\"1;1;6;1#0;2;0;0;100#1;2;100;0;0#0!5?@$#1!5@?\u{1B}\\")
        #expect(SixelEncoder.runs([0, 0, 0, 1, 1, 1, 1]) == "???!4@")
    }

    @Test("auto: kitty or sixel when the environment names such a terminal, half blocks otherwise and inside tmux")
    func detection() {
        #expect(GraphicsMode.detect(environment: ["TERM": "xterm-kitty"]) == .kitty)
        #expect(GraphicsMode.detect(environment: ["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"]) == .kitty)
        #expect(GraphicsMode.detect(environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"]) == .kitty)
        #expect(GraphicsMode.detect(environment: ["TERM": "foot"]) == .sixel)
        #expect(GraphicsMode.detect(environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"]) == .sixel)
        #expect(GraphicsMode.detect(environment: ["TERM": "xterm-256color"]) == .blocks)
        #expect(GraphicsMode.detect(environment: ["TERM": "tmux-256color", "KITTY_WINDOW_ID": "1"]) == .blocks)
        #expect(GraphicsMode.detect(environment: ["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-0/default,1,0"]) == .blocks)
        #expect(GraphicsMode.detect(environment: [:]) == .blocks)
    }

    @Test("a placement's shown lines map to the image's pixel rows; the cells under it are blanked")
    func placement() {
        let pixels = image(40, 80) { _, _ in red }
        let placement = GraphicsPlacement(key: "p1", image: pixels, row: 2, column: 2, columns: 4, rows: 4, shown: 1..<3)
        #expect(placement.shownPixelRows == 20..<60)
        var buffer = ScreenBuffer(size: TerminalSize(columns: 10, rows: 8))
        buffer.fill(row: 3, columns: 0..<10, with: "x")
        buffer.place(placement)
        #expect(buffer.text(row: 3) == "xx    xxxx")
        #expect(buffer.graphics == [placement])
        let moved = GraphicsPlacement(key: "p1", image: pixels, row: 1, column: 2, columns: 4, rows: 4, shown: 1..<3)
        #expect(moved != placement)
    }

    @Test("kitty: pixels are sent once; a frame whose photos did not move sends none; a move re-places without resending")
    func kittyWriter() throws {
        var sent: [String] = []
        let writer = ScreenWriter(depth: .trueColor, graphics: .kitty) { sent.append($0) }
        let pixels = image(4, 4) { _, _ in blue }
        func frame(row: Int, caption: String = "") -> ScreenBuffer {
            var buffer = ScreenBuffer(size: TerminalSize(columns: 10, rows: 6))
            buffer.write(caption, row: 5, column: 0)
            buffer.place(GraphicsPlacement(key: "p1", image: pixels, row: row, column: 1, columns: 2, rows: 2, shown: 0..<2))
            return buffer
        }
        try writer.draw(frame(row: 1))
        let transmit = KittyGraphics.transmit(pixels, id: 1)
        let place = KittyGraphics.place(id: 1, width: 4, pixelRows: 0..<4, columns: 2, rows: 2)
        #expect(sent.last?.hasSuffix(KittyGraphics.deleteAllPlacements + transmit + "\u{1B}[2;2H" + place) == true)
        try writer.draw(frame(row: 1, caption: "hi"))
        #expect(sent.last?.contains("\u{1B}_G") == false, "the caption changed, the photo did not")
        try writer.draw(frame(row: 2, caption: "hi"))
        #expect(sent.last?.hasSuffix(KittyGraphics.deleteAllPlacements + "\u{1B}[3;2H" + place) == true)
        #expect(sent.last?.contains("a=t") == false)
    }

    @Test("sixel: when photos move the frame is sent whole and the photos drawn over it; a cell written over a photo redraws that photo only")
    func sixelWriter() throws {
        var sent: [String] = []
        let writer = ScreenWriter(depth: .trueColor, graphics: .sixel) { sent.append($0) }
        let pixels = image(2, 4) { _, _ in red }
        func frame(row: Int, caption: String = "") -> ScreenBuffer {
            var buffer = ScreenBuffer(size: TerminalSize(columns: 10, rows: 6))
            buffer.write(caption, row: 5, column: 0)
            buffer.place(GraphicsPlacement(key: "p1", image: pixels, row: row, column: 1, columns: 1, rows: 2, shown: 1..<2))
            return buffer
        }
        let sixel = SixelEncoder.encode(image(2, 2) { _, _ in red })
        try writer.draw(frame(row: 1))
        #expect(sent.last?.contains("\u{1B}[2J") == true)
        #expect(sent.last?.hasSuffix("\u{1B}[3;2H" + sixel) == true, "only the shown line: pixel rows 2 and 3")
        try writer.draw(frame(row: 1))
        #expect(sent.count == 1, "nothing changed, nothing sent")
        try writer.draw(frame(row: 1, caption: "hi"))
        #expect(sent.last?.contains("\u{1B}[2J") == false)
        #expect(sent.last?.contains("\u{1B}P") == false, "the caption is not over the photo: the sixel stays")
        var over = frame(row: 1, caption: "hi")
        over.write("x", row: 2, column: 1)
        try writer.draw(over)
        #expect(sent.last?.hasSuffix(sixel) == true, "a cell written over the photo: the sixel is sent again")
        try writer.draw(frame(row: 2, caption: "hi"))
        #expect(sent.last?.contains("\u{1B}[2J") == true && sent.last?.hasSuffix("\u{1B}[4;2H" + sixel) == true)
    }

    @Test("kitty by file: the PNG goes to a new 0600 file named for the protocol, the escape carries its path; a planted link sends in-band")
    func kittyFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kitty-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = KittyTempFiles(directory: directory.path)
        let pixels = image(4, 4) { x, _ in x < 2 ? red : blue }
        let sent = KittyGraphics.transmit(pixels, id: 7, files: files)
        let prefix = "\u{1B}_Ga=t,t=t,f=100,i=7,q=2;"
        #expect(sent.hasPrefix(prefix) && sent.hasSuffix("\u{1B}\\"))
        let encoded = String(sent.dropFirst(prefix.count).dropLast(2))
        let path = try #require(Data(base64Encoded: encoded).flatMap { String(data: $0, encoding: .utf8) })
        let name = (path as NSString).lastPathComponent
        #expect(path.hasPrefix(directory.path + "/") && name.hasPrefix("feed-tty-graphics-protocol-\(getpid())-") && name.hasSuffix("-1.png"))
        #expect(FileManager.default.contents(atPath: path) == PNGEncoder.encode(pixels))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // A link planted where the next file goes: not followed, the pixels go in-band instead.
        let target = directory.appendingPathComponent("target")
        try Data("keep".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(atPath: String(path.dropLast("1.png".count)) + "2.png", withDestinationPath: target.path)
        #expect(KittyGraphics.transmit(pixels, id: 8, files: files) == KittyGraphics.transmit(pixels, id: 8))
        #expect(FileManager.default.contents(atPath: target.path) == Data("keep".utf8))
        // What the terminal did not read is removed.
        files.removeAll()
        #expect(!FileManager.default.fileExists(atPath: path))
        // The writer sends paths, not pixels, when given files.
        var out: [String] = []
        let writer = ScreenWriter(depth: .trueColor, graphics: .kitty, kittyFiles: KittyTempFiles(directory: directory.path)) { out.append($0) }
        var buffer = ScreenBuffer(size: TerminalSize(columns: 10, rows: 6))
        buffer.place(GraphicsPlacement(key: "p1", image: image(200, 200) { x, y in x == y ? red : blue }, row: 1, column: 1, columns: 4, rows: 2, shown: 0..<2))
        try writer.draw(buffer)
        #expect(out.last?.contains("t=t,f=100") == true && out.last!.utf8.count < 400, "\(out.last?.utf8.count ?? 0) bytes")
    }
}
