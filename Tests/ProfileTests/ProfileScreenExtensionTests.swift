import FeedInterface
import FeedTesting
import LikesTesting
import PluginInterface
import StoreTesting
import TerminalUIInterface
import Testing
@testable import Profile

/// A follow-up's extension of the profile: a status, a mark on every cell and one key.
@MainActor
private final class MarkingExtension: ScreenExtension {
    var pressed: [PostID] = []
    func titleSegment(glyphs: Glyphs) -> TitleSegment? { TitleSegment("3 saved") }
    func rowMark(_ row: PostRow, glyphs: Glyphs) -> String? { row.id == "p1" ? "saved" : nil }
    var keyHelp: [KeyHelpLine] { [KeyHelpLine(keys: "b", action: "save the selected post")] }
    func handle(_ key: Key, selected: PostRow?) -> ScreenKeyOutcome {
        guard key == .character("b"), let selected else { return .ignored }
        pressed.append(selected.id)
        return .handled
    }
}

/// The profile screen draws what follow-ups add to it, like the feed screen, and names none of them.
@MainActor
@Suite struct ProfileScreenExtensionTests {
    let size = TerminalSize(columns: 80, rows: 24)

    private func screen(_ extensions: [any ScreenExtension]) async -> ProfileScreen {
        let repository = FakeFeedRepository(pages: [FeedPage(posts: (1...4).map { FeedFixtures.post($0) }, next: nil)])
        let model = ProfileViewModel(author: Author(id: "a1", name: "Ana"), repository: repository, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        let screen = ProfileScreen(model: model, extensions: extensions)
        await screen.start()?.value
        return screen
    }

    @Test func statusesAndMarksAreDrawnAndAnUnboundKeyGoesToTheExtension() async throws {
        let item = MarkingExtension()
        let screen = await screen([item])
        let text = screen.frame(size: size).plainText
        #expect(text.contains("3 saved"), "the status follows the title")
        #expect(text.contains("saved"))
        #expect(screen.handle(.character("b")) == .handled)
        #expect(item.pressed == ["p1"])
        #expect(screen.handle(.character("z")) == .ignored)
        _ = screen.handle(.character("?"))
        #expect(screen.frame(size: size).plainText.contains("save the selected post"))
    }

    @Test func withoutExtensionsAPendingCellHasNoMark() async throws {
        let screen = await screen([])
        let text = screen.frame(size: size).plainText
        #expect(!text.contains("waiting") && !text.contains("saved"))
    }

    @Test func theProfileIsAScreenOverTheFeedWithNoFirstRowToCountFrom() async throws {
        let repository = FakeFeedRepository(pages: [FeedPage(posts: [FeedFixtures.post(1)], next: nil)])
        let model = ProfileViewModel(author: Author(id: "a1", name: "Ana"), repository: repository, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        await model.onAppear()?.value
        #expect(model.place == .overFeed)
        #expect(model.newestShownPost == nil)
    }
}
