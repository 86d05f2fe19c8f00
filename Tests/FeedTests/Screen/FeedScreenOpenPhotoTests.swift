import FeedInterface
import FeedTesting
import Foundation
import LikesTesting
import PluginInterface
import StoreTesting
import Synchronization
import TerminalUIInterface
import Testing
import TestingSupport
@testable import Feed

/// `o` opens the selected post's photo through the opener the host gives the screen: the screen
/// says so in the title line, shows the opener's line when it fails, and opens one photo once
/// however often `o` is pressed meanwhile.
@MainActor
@Suite struct FeedScreenOpenPhotoTests {
    let size = TerminalSize(columns: 80, rows: 24)

    private func loadedScreen(opener: FakePhotoOpener?) async -> (FeedScreen, FeedViewModel) {
        let model = FeedViewModel(feed: FakeFeedRepository(pages: FeedFixtures.pages(count: 2)), posts: FakePostStore(likePost: FakeLikePostUseCase()))
        let screen = FeedScreen(model: model, photoOpener: opener)
        await screen.start()?.value
        _ = screen.frame(size: size)
        return (screen, model)
    }

    @Test func oOpensTheSelectedPostsPhotoAndSaysSoUntilItIsOpen() async throws {
        let opener = FakePhotoOpener()
        let (screen, model) = await loadedScreen(opener: opener)
        #expect(screen.handle(.character("j")) == .handled)
        let selected = try #require(screen.position.selected)
        let gate = opener.hold()
        #expect(screen.handle(.character("o")) == .handled)
        #expect(screen.frame(size: size).text(row: 0).contains("Opening the photo in the viewer"))
        await gate.open()
        await screen.photoOpening?.value
        #expect(opener.opened.map(\.id) == [selected])
        #expect(opener.opened.first == model.viewState.rows.first { $0.id == selected })
        #expect(model.viewState.message == nil, "opened: the line clears")
        #expect(!screen.frame(size: size).text(row: 0).contains("Opening"))
    }

    @Test func theOpenersLineShowsInTheTitle() async throws {
        let opener = FakePhotoOpener(answer: "No photo viewer: set FEED_VIEWER or install xdg-open")
        let (screen, model) = await loadedScreen(opener: opener)
        #expect(screen.handle(.character("o")) == .handled)
        await screen.photoOpening?.value
        #expect(model.viewState.message == .photoNotOpened("No photo viewer: set FEED_VIEWER or install xdg-open"))
        #expect(screen.frame(size: size).text(row: 0).contains("No photo viewer: set FEED_VIEWER or install xdg-open"))
    }

    @Test func twentyPressesWhileOneOpensOpenItOnce() async throws {
        let opener = FakePhotoOpener()
        let (screen, _) = await loadedScreen(opener: opener)
        let gate = opener.hold()
        #expect(screen.handle(.character("o")) == .handled)
        for _ in 0..<19 { #expect(screen.handle(.character("o")) == .ignored) }
        await gate.open()
        await screen.photoOpening?.value
        #expect(opener.opened.count == 1)
        #expect(screen.handle(.character("o")) == .handled, "once open, o opens it again")
        await screen.photoOpening?.value
        #expect(opener.opened.count == 2)
    }

    @Test func theHelpListsOOnlyWithAnOpenerAndTheKeyBarDoesNot() async throws {
        let (screen, _) = await loadedScreen(opener: FakePhotoOpener())
        let (without, _) = await loadedScreen(opener: nil)
        #expect(screen.frame(size: size).text(row: 23) == without.frame(size: size).text(row: 23), "the key bar keeps its entries")
        _ = screen.handle(.character("?"))
        let help = screen.frame(size: size)
        let lines = (0..<size.rows).map(help.text(row:))
        let like = try #require(lines.firstIndex { $0.contains("like or unlike the selected post") })
        // After the like and reveal keys come the keys added by what the screen was given.
        #expect(lines[like + 1].contains("v") && lines[like + 2].contains("o") && lines[like + 2].contains("open the photo in the system viewer"))

        _ = without.handle(.character("?"))
        let plain = without.frame(size: size)
        #expect(!(0..<size.rows).map(plain.text(row:)).joined().contains("open the photo"))
    }

    @Test func withoutAnOpenerOIsNotTheScreensKey() async throws {
        let (screen, model) = await loadedScreen(opener: nil)
        #expect(screen.handle(.character("o")) == .ignored)
        #expect(model.viewState.message == nil)
    }

    @Test func beforeTheFirstPageOOpensNothing() async throws {
        let opener = FakePhotoOpener()
        let feed = FakeFeedRepository { _, _ in throw FeedError.offline(reason: "cannot reach 127.0.0.1:9") }
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        let screen = FeedScreen(model: model, photoOpener: opener)
        await screen.start()?.value
        _ = screen.frame(size: size)
        #expect(screen.handle(.character("o")) == .ignored)
        #expect(opener.opened.isEmpty)
    }
}

/// A photo opener that records the rows it was asked for and answers `answer`, holding each
/// open at a gate when told to.
final class FakePhotoOpener: PhotoOpener {
    private let state = Mutex<(opened: [PostRow], gate: Gate?)>(([], nil))
    private let answer: String?

    init(answer: String? = nil) {
        self.answer = answer
    }

    /// The rows asked for, in order.
    var opened: [PostRow] { state.withLock { $0.opened } }

    /// Holds the next opens until the returned gate opens.
    func hold() -> Gate {
        let gate = Gate()
        state.withLock { $0.gate = gate }
        return gate
    }

    func open(_ row: PostRow) async -> String? {
        let gate = state.withLock { state in
            state.opened.append(row)
            return state.gate
        }
        await gate?.wait()
        return answer
    }
}
