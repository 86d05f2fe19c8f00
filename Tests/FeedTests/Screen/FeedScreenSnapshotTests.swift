import FeedInterface
import TerminalUIInterface
import Testing
@testable import Feed

/// The renderer's frames at three sizes, against golden text files.
@Suite struct FeedScreenSnapshotTests {
    static let sizes = [TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 40, rows: 12), TerminalSize(columns: 120, rows: 40)]

    /// The position after `action` from the start, as the navigator computes it.
    private func position(after actions: [FeedScreenAction], state: FeedViewState, size: TerminalSize) -> FeedScreenPosition {
        let geometry = FeedScreenRenderer.geometry(rows: state.rows, size: size, options: FeedScreenOptions())
        return actions.reduce(FeedScreenPosition.start) { FeedScreenNavigator.apply($1, to: $0, in: geometry) }
    }

    private func check(_ state: FeedViewState, _ name: String, size: TerminalSize, position: FeedScreenPosition = .start, options: FeedScreenOptions = FeedScreenOptions(tick: 3)) throws {
        let frame = FeedScreenRenderer.render(state: state, size: size, position: position, options: options)
        try Snapshot.check(frame.buffer, named: "\(name)-\(size.columns)x\(size.rows)")
    }

    @Test(arguments: sizes) func loading(size: TerminalSize) throws {
        try check(ScreenFixtures.loading, "loading", size: size)
    }

    @Test(arguments: sizes) func loaded(size: TerminalSize) throws {
        let state = ScreenFixtures.loaded()
        try check(state, "loaded", size: size, position: position(after: [.next], state: state, size: size))
    }

    @Test(arguments: sizes) func unknownHearts(size: TerminalSize) throws {
        try check(ScreenFixtures.loaded(like: .unknown), "unknown-hearts", size: size)
    }

    @Test(arguments: sizes) func retryRow(size: TerminalSize) throws {
        let state = ScreenFixtures.loaded(pagination: .failed(.server(reason: "the server answered 503")), message: .nextPageFailed(.server(reason: "the server answered 503")))
        try check(state, "retry", size: size, position: position(after: [.last], state: state, size: size))
    }

    @Test(arguments: sizes) func end(size: TerminalSize) throws {
        let state = ScreenFixtures.loaded(pagination: .end)
        try check(state, "end", size: size, position: position(after: [.last], state: state, size: size))
    }

    @Test func loadingMoreWhileRefreshing() throws {
        let size = TerminalSize(columns: 80, rows: 24)
        let state = ScreenFixtures.loaded(pagination: .loading, refreshing: true)
        try check(state, "loading-more", size: size, position: position(after: [.last], state: state, size: size))
    }

    @Test func aLikeFailureShowsAMessageLine() throws {
        try check(ScreenFixtures.loaded(message: .likeFailed(wanted: false)), "message", size: TerminalSize(columns: 80, rows: 24))
    }

    @Test func theFirstPageFailed() throws {
        try check(ScreenFixtures.firstPageFailed, "first-page-failed", size: TerminalSize(columns: 80, rows: 24))
    }

    @Test func helpListsEveryKey() throws {
        try check(ScreenFixtures.loaded(), "help", size: TerminalSize(columns: 80, rows: 24), options: FeedScreenOptions(showsHelp: true))
    }

    @Test func asciiHeartsAndFrames() throws {
        try check(ScreenFixtures.loaded(), "ascii", size: TerminalSize(columns: 80, rows: 24), options: FeedScreenOptions(ascii: true))
    }

    @Test func theSpinnerIsDrivenByTheInjectedClock() {
        let size = TerminalSize(columns: 40, rows: 12)
        let first = FeedScreenRenderer.render(state: ScreenFixtures.loading, size: size, options: FeedScreenOptions(tick: 0))
        let again = FeedScreenRenderer.render(state: ScreenFixtures.loading, size: size, options: FeedScreenOptions(tick: 0))
        let next = FeedScreenRenderer.render(state: ScreenFixtures.loading, size: size, options: FeedScreenOptions(tick: 1))
        #expect(first.buffer == again.buffer)
        #expect(first.buffer != next.buffer)
    }

    @Test func aPlainFrameHasEveryRowAndNoEscapes() {
        let text = FeedScreenRenderer.plainText(state: ScreenFixtures.loaded(pagination: .end, message: .likeFailed(wanted: true)), columns: 60)
        #expect(!text.contains("\u{1B}"))
        for author in ["@ana", "@kenji_東京", "@sam"] { #expect(text.contains(author)) }
        #expect(!text.contains("▌"), "no selection in a plain frame")
        #expect(!text.contains("q quit"), "no key bar in a plain frame")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.suffix(3).contains { $0.contains("You're all caught up") })
        #expect(lines.first?.contains("Couldn't like") == true)
        #expect(lines.allSatisfy { DisplayWidth.of(String($0)) <= 60 })
    }
}
