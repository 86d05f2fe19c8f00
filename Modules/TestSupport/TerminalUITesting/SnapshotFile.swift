import Foundation
import TerminalUIInterface

/// Golden text files of rendered frames, for the screens' snapshot tests.
///
/// A file holds the frame's text between `|` marks (so trailing spaces show), then one line of
/// style letters per row ('.' is plain) and a legend naming each letter's style. Colours come
/// from the fixed theme, and the clock is an input, so frames are stable.
/// Run with `UPDATE_SNAPSHOTS=1` to write the files again after an intended change.
public struct SnapshotFile: Sendable {
    /// The folder of the golden files.
    public let directory: URL

    /// Golden files in `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The golden text of `buffer`.
    public static func text(_ buffer: ScreenBuffer) -> String {
        var lines = ["size \(buffer.size)"]
        for row in 0..<buffer.size.rows {
            var line = ""
            for column in 0..<buffer.size.columns where !buffer[row, column].isContinuation {
                line.append(buffer[row, column].grapheme)
            }
            lines.append("|\(line)|")
        }
        var legend: [Style: Character] = [.plain: "."]
        var order: [Style] = []
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        lines.append("styles")
        for row in 0..<buffer.size.rows {
            var codes = ""
            for column in 0..<buffer.size.columns {
                let style = buffer[row, column].style
                if legend[style] == nil {
                    legend[style] = letters[order.count % letters.count]
                    order.append(style)
                }
                codes.append(legend[style]!)
            }
            while codes.last == "." { codes.removeLast() }
            lines.append(String(format: "%02d ", row) + codes)
        }
        for style in order { lines.append("\(legend[style]!) = \(style)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Compares `buffer` with the golden file `name`.txt; returns what is wrong, or `nil` when it
    /// matches. A missing file (or `UPDATE_SNAPSHOTS=1`) is recorded; a mismatch leaves the new
    /// frame beside it as `name.actual.txt`.
    public func problem(with buffer: ScreenBuffer, named name: String) throws -> String? {
        let url = directory.appendingPathComponent("\(name).txt")
        let actual = Self.text(buffer)
        let update = ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] == "1"
        guard !update, let expected = try? String(contentsOf: url, encoding: .utf8) else {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return update ? nil : "recorded a new snapshot \(name).txt; check it and run again"
        }
        let failed = directory.appendingPathComponent("\(name).actual.txt")
        try? FileManager.default.removeItem(at: failed)
        guard actual != expected else { return nil }
        try? actual.write(to: failed, atomically: true, encoding: .utf8)
        return "frame \(name) differs from its snapshot; the new frame is in \(failed.lastPathComponent)"
    }
}
