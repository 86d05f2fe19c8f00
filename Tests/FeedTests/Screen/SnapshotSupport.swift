import Foundation
import TerminalUIInterface
import TerminalUITesting
import Testing

/// The feed screen's golden frames in `__Snapshots__` beside this file.
enum Snapshot {
    static let file = SnapshotFile(directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__"))

    /// Checks `buffer` against the golden file `name`.txt; records it when missing or asked to.
    static func check(_ buffer: ScreenBuffer, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if let problem = try file.problem(with: buffer, named: name) { Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation) }
    }
}
