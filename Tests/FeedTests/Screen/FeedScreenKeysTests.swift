import FeedInterface
import FeedTesting
import Foundation
import LikesTesting
import PluginInterface
import StoreTesting
import TerminalUIInterface
import Testing
@testable import Feed

/// Paging by a screen, the context's key bar, the like line's details and "Feed started over".
@MainActor
@Suite struct FeedScreenKeysTests {
    private func loadedScreen(
        _ feed: FakeFeedRepository = FakeFeedRepository(pages: FeedFixtures.pages(count: 3)), extensions: [any ScreenExtension] = []
    ) async -> (FeedScreen, FeedViewModel) {
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        let screen = FeedScreen(model: model, extensions: extensions)
        await screen.start()?.value
        return (screen, model)
    }

    /// The first line of the list area starts a row: its author line.
    private func topIsAnAuthorLine(_ buffer: ScreenBuffer) -> Bool {
        let line = buffer.text(row: 1)
        return line.hasPrefix("  @") || line.hasPrefix("▌ @")
    }

    @Test(arguments: [TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 100, rows: 40), TerminalSize(columns: 60, rows: 17)])
    func pageDownAndUpStopWithAnAuthorLineAtTheTop(size: TerminalSize) async throws {
        let (screen, model) = await loadedScreen()
        var tops: [String] = []
        for _ in 0..<8 {
            _ = screen.frame(size: size)
            let shown = FeedScreenRenderer.render(state: model.viewState, size: size, position: screen.position).visibleRows
            #expect(screen.handle(.pageDown) == .handled)
            let after = screen.frame(size: size)
            #expect(topIsAnAuthorLine(after), "after PgDn the top line is \(after.text(row: 1))")
            #expect(screen.position.topOffset == 0)
            // It moved, by at most a screen: the new top post was on the old screen, or came right
            // after it when the old screen ended with a whole row (nothing skipped).
            let top = try #require(screen.position.top)
            let next = model.index(of: try #require(shown.last)).map { model.viewState.rows[$0 + 1].id }
            #expect(top != shown.first)
            #expect(shown.contains(top) || top == next, "\(top) after \(shown)")
            tops.append(screen.position.top?.rawValue ?? "first")
            _ = await model.waitUntilIdle(timeout: .seconds(10))
        }
        for _ in 0..<3 {
            _ = screen.handle(.pageUp)
            let frame = screen.frame(size: size)
            #expect(topIsAnAuthorLine(frame), "after PgUp the top line is \(frame.text(row: 1))")
            #expect(screen.position.topOffset == 0)
        }
        #expect(Set(tops).count == tops.count, "every PgDn showed a new top")
    }

    @Test func theKeyBarOffersOnlyWhatWorks() async throws {
        let size = TerminalSize(columns: 100, rows: 24)
        let (screen, _) = await loadedScreen(extensions: [FakeOpener(), FakePill(showing: false)])
        let bar = screen.frame(size: size).text(row: 23)
        #expect(bar.contains("j/k move · l like · Enter profile · r refresh · ? help · q quit"), "\(bar)")
        #expect(!bar.contains("n new"))

        let (withPill, _) = await loadedScreen(extensions: [FakeOpener(), FakePill(showing: true)])
        #expect(withPill.frame(size: size).text(row: 23).contains("Enter profile · n new posts"))

        _ = withPill.handle(.character("?"))
        let help = withPill.frame(size: size).text(row: 23)
        #expect(help.contains("any key closes help") && !help.contains("j/k"), "\(help)")
    }

    @Test func theErrorScreenOffersNoMovingOrLiking() async throws {
        let feed = FakeFeedRepository { _, _ in throw FeedError.offline(reason: "cannot reach 127.0.0.1:9") }
        let (screen, _) = await loadedScreen(feed, extensions: [FakeOpener()])
        let bar = screen.frame(size: TerminalSize(columns: 80, rows: 24)).text(row: 23)
        #expect(bar.contains("r retry · ? help · q quit"), "\(bar)")
        #expect(!bar.contains("j/k") && !bar.contains("like") && !bar.contains("Enter"))
    }

    @Test func anUnknownHeartOffersNoLikeKey() {
        #expect(FeedKeyHelp.bar(.feed(selection: true, likeable: false, pageFailed: false)) == ["j/k move", "r refresh", "? help", "q quit"])
        #expect(FeedKeyHelp.bar(.feed(selection: false, pageFailed: false)) == ["r refresh", "? help", "q quit"])
    }

    @Test func aNarrowBarLeavesEntriesOutInsteadOfCuttingThem() {
        let text = FeedKeyHelp.barText(.feed(selection: true, pageFailed: true), separator: "·", columns: 30)
        #expect(DisplayWidth.of(text) <= 30)
        #expect(text.hasSuffix("? help·q quit"), "\(text)")
        #expect(!text.contains("…"))
    }

    @Test func theLikeLineSaysCommentsAndAge() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        func row(comments: Int?, age: TimeInterval?) -> PostRow {
            let base = FeedFixtures.post(1, likeCount: 412)
            return PostRow(post: Post(
                id: base.id, author: base.author, caption: base.caption, image: base.image, likeCount: 412, like: .notLiked,
                commentCount: comments, createdAt: age.map { now.addingTimeInterval(-$0) }))
        }
        let layout = FeedRowLayout(size: TerminalSize(columns: 80, rows: 24), glyphs: .unicode)
        #expect(layout.details(of: row(comments: 12, age: 7_200), now: now, mark: nil) == "412 likes · 12 comments · 2h")
        #expect(layout.details(of: row(comments: 1, age: 3 * 86_400), now: now, mark: "queued") == "412 likes · 1 comment · 3d · queued")
        #expect(layout.details(of: row(comments: 0, age: 5), now: now, mark: nil) == "412 likes · no comments · now")
        #expect(layout.details(of: row(comments: nil, age: nil), now: now, mark: nil) == "412 likes", "an old server's row")

        let state = FeedViewState(rows: [row(comments: 12, age: 7_200)], initialLoad: .loaded, pagination: .end, isRefreshing: false, message: nil)
        let text = FeedScreenRenderer.plainText(state: state, columns: 80, now: now)
        #expect(text.contains("♡ 412 likes · 12 comments · 2h"), "\(text)")
    }

    /// A server restarted under the reader (its cursor unknown): the rows under the reader stay, the
    /// new feed waits behind "Feed updated · r", and the next page goes on from the new session.
    @Test func anExpiredCursorBelowTheTopKeepsTheRowsAndPagesOnFromTheNewSession() async throws {
        let pages = FeedFixtures.pages(count: 3)
        let restarted = FeedPage(posts: (100..<120).map { FeedFixtures.post($0) }, next: Cursor("c1"))
        let feed = FakeFeedRepository { cursor, call in
            switch (cursor, call) {
            case (nil, 1): return pages[0]
            case (.some, 2): throw FeedError.cursorExpired
            default: return cursor == nil ? restarted : pages[1]
            }
        }
        let (screen, model) = await loadedScreen(feed)
        let size = TerminalSize(columns: 80, rows: 24)
        _ = screen.frame(size: size)
        for _ in 0..<19 { _ = screen.handle(.character("j")) }
        _ = screen.frame(size: size)
        #expect(await model.waitUntilIdle(timeout: .seconds(10)))
        let selected = screen.position.selected
        #expect(model.viewState.rows.first?.id == "p1", "no row removed under the reader")
        let frame = screen.frame(size: size)
        #expect(frame.text(row: 0).contains("Feed updated · r"), "\(frame.text(row: 0))")
        #expect(screen.position.selected == selected && selected != nil, "the reader stays where they were")
        // The next page comes from the new session's cursor; rows already shown are not repeated.
        let last = try #require(model.viewState.rows.last?.id)
        await model.rowAppeared(last)?.value
        #expect(await model.waitUntilIdle(timeout: .seconds(10)))
        let ids = model.viewState.rows.map(\.id)
        #expect(ids.count > 20 && Set(ids).count == ids.count, "more rows, no duplicate: \(ids.count)")
        #expect(await feed.requests.suffix(2) == [nil, Cursor("c1")], "the new session's first page, then its next")
        #expect(model.viewState.message == nil)
    }
}

@MainActor
private final class FakeOpener: ScreenExtension {
    var keyHelp: [KeyHelpLine] { [KeyHelpLine(keys: "Enter", action: "the author's profile", bar: "Enter profile", needsSelection: true)] }
}

@MainActor
private final class FakePill: ScreenExtension {
    let showing: Bool
    init(showing: Bool) { self.showing = showing }
    var keyHelp: [KeyHelpLine] { [KeyHelpLine(keys: "n", action: "take the new posts", bar: showing ? "n new posts" : nil)] }
}
