import EndToEndTesting
import FeedServer
import Foundation
import Testing
import TestingSupport

/// The photo's size follows the terminal: at 80×24, 120×40 and 160×50 the first row's photo
/// (1600×900) takes the row's width up to about half the list's height, its shape kept; the box
/// shows the photo's dominant colour until the photo arrives, and nothing below it moves then.
@Suite(.serialized, .heavy) struct PhotoSizeTmuxTests {
    /// The first post's box at each size, in cells: 2 columns × lines·2 pixels ≈ 16:9.
    @Test(.enabled(if: TerminalScreenTests.tmux != nil, "tmux is not installed (CI installs it)"), arguments: [(80, 24, 39, 11), (120, 40, 68, 19), (160, 50, 85, 24)])
    func thePhotoTakesTheRowsWidthUpToHalfTheScreenAndRowsDoNotJump(columns: Int, rows: Int, boxColumns: Int, boxRows: Int) async throws {
        // The photos wait until the test has seen the placeholder: a starved poll (both concurrency
        // threads busy with other tests) once missed 8 s of it.
        let server = try TestServer { $0.faults.holdPhotos = true }
        let pane = try await TmuxPane(
            arguments: ["--server", server.url, "--photos", "on", "--symbols", "half", "--data-dir", TemporaryDirectory.make().path],
            environment: ["COLORTERM": "truecolor"], columns: columns, rows: rows)
        defer { pane.kill() }
        func capture() async throws -> [String] {
            try await pane.tmux(["capture-pane", "-p", "-e", "-t", pane.target]).components(separatedBy: "\n")
        }
        func heartLine(_ lines: [String]) -> Int? { lines.firstIndex { $0.contains("♡") || $0.contains("♥") } }
        var last: [String] = []
        let seen = try await pane.waitForColourScreen { lines in
            lines.count > 3 && lines[2].contains("48;2;") && !lines[2].contains("▀") && lines.contains { $0.contains("♡") || $0.contains("♥") }
        }
        let placeholder = try #require(seen.lines, "the placeholder in the photo's colour; the pane showed:\n\(seen.last.joined(separator: "\n"))")
        server.server.update { $0.holdPhotos = false }
        // tmux may be caught mid-frame: the photo counts once two captures in a row agree.
        var previous: [String] = []
        let photo = try await pane.waitFor("the photo in half blocks", timeout: .seconds(60), detail: { last.joined(separator: "\n") }) { () async throws -> [String]? in
            let lines = try await capture()
            defer { previous = lines }
            last = lines
            return lines.count > 3 && lines[2].contains("▀") && lines == previous ? lines : nil
        }
        let drawn = photo.dropFirst(2).prefix { $0.contains("▀") }
        #expect(drawn.count == boxRows, "the box's lines")
        #expect(drawn.allSatisfy { $0.filter { $0 == "▀" }.count == boxColumns }, "the box's columns")
        #expect(heartLine(photo) == heartLine(placeholder), "the heart line stays where it was before the photo came")
        #expect(heartLine(photo) == 2 + boxRows)
        try await pane.send("q")
        #expect(try await pane.waitForExit() == "0")
    }

    /// With quadrants or sextants the same box is drawn in those symbols: each line of it holds
    /// the box's columns of them (a one-colour cell is a blank in that colour), more than half blocks' two shapes.
    @Test(.enabled(if: TerminalScreenTests.tmux != nil, "tmux is not installed (CI installs it)"), arguments: ["quadrant", "sextant"])
    func thePhotoIsDrawnInTheSymbolsAskedFor(symbols: String) async throws {
        let server = try TestServer()
        let pane = try await TmuxPane(
            arguments: ["--server", server.url, "--photos", "on", "--symbols", symbols, "--data-dir", TemporaryDirectory.make().path],
            environment: ["COLORTERM": "truecolor"], columns: 80, rows: 24)
        defer { pane.kill() }
        let quadrants = Set("▘▝▀▖▌▞▛▗▚▐▜▄▙▟█▁▂▃▅▆▇▎▊")
        let glyphs = symbols == "quadrant" ? quadrants : quadrants.union((0x1FB00...0x1FB3B).map { Character(Unicode.Scalar($0)!) })
        var last: [String] = []
        var previous: [String] = []
        let photo = try await pane.waitFor("the photo in \(symbols)s", timeout: .seconds(60), detail: { last.joined(separator: "\n") }) { () async throws -> [String]? in
            let lines = try await pane.tmux(["capture-pane", "-p", "-t", pane.target]).components(separatedBy: "\n")
            defer { previous = lines }
            last = lines
            // Past the selection mark (▌ in column 0): a shape half blocks do not have.
            let shown = lines.count > 13 && lines[2..<13].contains { $0.dropFirst(2).contains { glyphs.contains($0) && $0 != "▀" && $0 != "▄" } }
            return shown && lines == previous ? lines : nil
        }
        // The box: lines 2…12, columns 2…40 (39×11 at 80×24, as above).
        let box = photo[2..<13].map { Array($0).dropFirst(2).prefix(39) }
        #expect(box.allSatisfy { $0.count == 39 && $0.allSatisfy { glyphs.contains($0) || $0 == " " } }, "\(photo.joined(separator: "\n"))")
        let shapes = Set(box.flatMap { $0 }).subtracting([" "])
        #expect(shapes.count > 4, "more shapes than half blocks have: \(shapes.sorted())")
        try await pane.send("q")
        #expect(try await pane.waitForExit() == "0")
    }
}
