import FeedInterface
import FeedTesting
import LikesTesting
import PluginInterface
import StoreTesting
import TerminalUIInterface
import Testing
import TestingSupport
@testable import Feed

/// An overlay that records that it was opened.
@MainActor
private final class RecordingOverlay: OverlayScreen {
    func appear() {}
    func press(_ key: Key) -> OverlayKeyResult { .handled }
    func frame(size: TerminalSize) -> ScreenBuffer { ScreenBuffer(size: size) }
    func tick() {}
    var isAnimating: Bool { false }
    func leave() {}
}

/// A follow-up's extension the test scripts: a segment, a mark, a key that opens a screen and a
/// key that refreshes from the top.
@MainActor
private final class ScriptedExtension: ScreenExtension {
    var segment: TitleSegment?
    var selectedOnOpen: [PostID] = []
    let overlay = RecordingOverlay()

    func titleSegment(glyphs: Glyphs) -> TitleSegment? { segment }
    func rowMark(_ row: PostRow, glyphs: Glyphs) -> String? { row.id == "p1" ? "bookmarked" : nil }
    var keyHelp: [KeyHelpLine] { [KeyHelpLine(keys: "Enter  o", action: "open the scripted screen")] }

    func handle(_ key: Key, selected: PostRow?) -> ScreenKeyOutcome {
        switch key {
        case .enter, .character("o"):
            guard let selected else { return .ignored }
            selectedOnOpen.append(selected.id)
            return .open(overlay)
        case .character("t"): return .refreshFromTop
        default: return .ignored
        }
    }
}

/// The feed screen draws what follow-ups add and offers them the keys it does not bind; it never
/// names a follow-up.
@MainActor
@Suite struct FeedScreenExtensionTests {
    let size = TerminalSize(columns: 80, rows: 24)

    @Test("two follow-ups' marks on one row are joined by the separator, in the list's order; none is no mark")
    func marksJoin() {
        let extensions: [any ScreenExtension] = [ScriptedExtension(), ScriptedExtension()]
        let row = PostRow(post: FeedFixtures.post(1))
        #expect(extensions.rowMark(row, glyphs: .set(ascii: false)) == "bookmarked · bookmarked")
        #expect(extensions.rowMark(row, glyphs: .set(ascii: true)) == "bookmarked - bookmarked")
        #expect(extensions.rowMark(PostRow(post: FeedFixtures.post(2)), glyphs: .set(ascii: false)) == nil)
        #expect([any ScreenExtension]().rowMark(row, glyphs: .set(ascii: false)) == nil)
    }

    private func screen(_ extensions: [any ScreenExtension]) async -> (FeedScreen, FakeFeedRepository) {
        let feed = FakeFeedRepository(pages: FeedFixtures.pages(count: 1))
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        let screen = FeedScreen(model: model, extensions: extensions)
        await screen.start()?.value
        _ = screen.frame(size: size)
        return (screen, feed)
    }

    @Test func aKeyTheScreenDoesNotBindOpensTheExtensionsScreenWithTheSelectedRow() async throws {
        let item = ScriptedExtension()
        let (screen, _) = await screen([item])
        _ = screen.handle(.character("j"))
        #expect(screen.handle(.enter) == .open(item.overlay))
        #expect(screen.handle(.character("o")) == .open(item.overlay))
        #expect(item.selectedOnOpen == ["p2", "p2"])
        #expect(screen.handle(.character("z")) == .ignored)
    }

    @Test func withoutExtensionsEnterDoesNothingAndTheHelpListsOnlyTheScreensKeys() async throws {
        let (screen, _) = await screen([])
        #expect(screen.handle(.enter) == .ignored)
        #expect(screen.handle(.character("n")) == .ignored)
        _ = screen.handle(.character("?"))
        let help = screen.frame(size: size).plainText
        #expect(!help.contains("Enter") && !help.contains("profile"))
    }

    @Test func theHelpListsTheExtensionsKeys() async throws {
        let (screen, _) = await screen([ScriptedExtension()])
        _ = screen.handle(.character("?"))
        #expect(screen.frame(size: size).plainText.contains("open the scripted screen"))
    }

    @Test func segmentsAndMarksAreDrawn() async throws {
        let item = ScriptedExtension()
        item.segment = TitleSegment("2 bookmarks waiting")
        let (screen, _) = await screen([item])
        var text = screen.frame(size: size).plainText
        #expect(text.contains("2 bookmarks waiting"))
        #expect(text.contains("bookmarked"))
        item.segment = TitleSegment("↑ 3 new posts · n", kind: .callout)
        text = screen.frame(size: size).plainText
        #expect(text.contains("↑ 3 new posts · n"))
    }

    @Test func refreshFromTopRefreshesAndSelectsTheFirstRow() async throws {
        let (screen, feed) = await screen([ScriptedExtension()])
        for _ in 0..<3 { _ = screen.handle(.character("j")) }
        #expect(screen.handle(.character("t")) == .handled)
        #expect(await eventually { await feed.requests.count == 2 })
        #expect(screen.position == .start)
    }
}
