import Feed
import Foundation

/// `feed` with stdout not a terminal: loads the first page and prints one plain-text frame, drawn
/// by the screen's renderer without escape sequences.
@MainActor
enum PlainFrameMode {
    static func run(model: FeedViewModel, ascii: Bool, write: (String) -> Void) async -> Int32 {
        model.onAppear()
        _ = await model.waitUntilIdle(timeout: .seconds(30))
        let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init).map { max(20, $0) } ?? 80
        write(FeedScreenRenderer.plainText(state: model.viewState, columns: columns, ascii: ascii))
        if case .failed = model.viewState.initialLoad { return 1 }
        return 0
    }
}
