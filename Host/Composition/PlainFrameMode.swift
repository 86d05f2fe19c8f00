import Feed
import Foundation

/// `feed` with stdout not a terminal: loads the first page and prints one plain-text frame.
@MainActor
enum PlainFrameMode {
    static func run(model: FeedViewModel, ascii: Bool, write: (String) -> Void) async {
        model.onAppear()
        _ = await model.waitUntilIdle(timeout: .seconds(30))
        write(PlainFrame.render(model.viewState, ascii: ascii))
        if case .failed = model.viewState.initialLoad { exit(1) }
    }
}
