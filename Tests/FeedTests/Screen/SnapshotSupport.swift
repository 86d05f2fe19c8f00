import Foundation
import TerminalUI
import Testing

/// Golden text files of rendered frames in `__Snapshots__` beside this file.
///
/// A file holds the frame's text between `|` marks (so trailing spaces show), then one line of
/// style letters per row ('.' is plain) and a legend naming each letter's style. Colours come
/// from the fixed theme, and the clock is an input, so frames are stable.
/// Run with `UPDATE_SNAPSHOTS=1` to write the files again after an intended change.
enum Snapshot {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")

    /// The golden text of `buffer`.
    static func text(_ buffer: ScreenBuffer) -> String {
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

    /// Checks `buffer` against the golden file `name`.txt; records it when missing or asked to.
    static func check(_ buffer: ScreenBuffer, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent("\(name).txt")
        let actual = text(buffer)
        let update = ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] == "1"
        guard !update, let expected = try? String(contentsOf: url, encoding: .utf8) else {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            if !update { Issue.record("recorded a new snapshot \(name).txt; check it and run again", sourceLocation: sourceLocation) }
            return
        }
        let failed = directory.appendingPathComponent("\(name).actual.txt")
        try? FileManager.default.removeItem(at: failed)
        if actual != expected {
            try? actual.write(to: failed, atomically: true, encoding: .utf8)
            Issue.record("frame \(name) differs from its snapshot; the new frame is in \(failed.lastPathComponent)", sourceLocation: sourceLocation)
        }
    }
}
