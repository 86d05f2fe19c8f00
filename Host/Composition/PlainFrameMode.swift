import Feed
import Foundation
import PluginInterface
import TerminalUIInterface

/// `feed` with stdout not a terminal: loads the first page and prints one plain-text frame, drawn
/// by the screen's renderer without escape sequences, with what the follow-ups add to it.
@MainActor
enum PlainFrameMode {
    static func run(model: FeedViewModel, extensions: [any ScreenExtension], ascii: Bool, write: (String) -> Void) async -> Int32 {
        model.onAppear()
        _ = await model.waitUntilIdle(timeout: .seconds(30))
        // COLUMNS may say anything: 20 to TerminalSize's largest side.
        let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init).map { min(max(20, $0), TerminalSize.maxSide) } ?? 80
        let glyphs = Glyphs.set(ascii: ascii)
        let text = FeedScreenRenderer.plainText(
            state: model.viewState, columns: columns, ascii: ascii,
            titleSegments: extensions.compactMap { $0.titleSegment(glyphs: glyphs) },
            marks: { row in extensions.rowMark(row, glyphs: glyphs) })
        write(text)
        if case .failed = model.viewState.initialLoad { return 1 }
        return 0
    }
}
