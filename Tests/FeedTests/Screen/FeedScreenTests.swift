import FeedInterface
import FeedTesting
import Foundation
import LikesInterface
import LikesTesting
import StoreTesting
import TerminalUIInterface
import Testing
import TestingSupport
@testable import Feed

/// The screen against a real view model over fakes: keys, rows appearing, pagination, anchoring.
@MainActor
@Suite struct FeedScreenTests {
    let size = TerminalSize(columns: 80, rows: 24)

    private func loadedScreen(
        pages: [FeedPage] = FeedFixtures.pages(count: 3),
        useCase: FakeLikePostUseCase = FakeLikePostUseCase(),
        now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) async -> (FeedScreen, FeedViewModel, FakeFeedRepository) {
        let feed = FakeFeedRepository(pages: pages)
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: useCase))
        let screen = FeedScreen(model: model, now: now)
        await screen.start()?.value
        return (screen, model, feed)
    }

    /// The list area's lines of `buffer` (no title, no key bar).
    private func listLines(_ buffer: ScreenBuffer) -> [String] {
        (1..<buffer.size.rows - 1).map(buffer.text(row:))
    }

    private func lineIndex(of text: String, in buffer: ScreenBuffer) -> Int? {
        (0..<buffer.size.rows).first { buffer.text(row: $0).contains(text) }
    }

    @Test func aRowKeepsItsHeightWhenItsHeartChangesAndWhenMorePagesLoad() async throws {
        let useCase = FakeLikePostUseCase()
        let (screen, model, _) = await loadedScreen(useCase: useCase)
        let layout = FeedRowLayout(size: size, glyphs: .unicode)
        let heights = model.viewState.rows.map(layout.height(of:))
        let before = screen.frame(size: size)

        let like = try #require(model.toggleLike("p1"))
        #expect(model.viewState.rows[0].heart == .liked)
        #expect(model.viewState.rows.map(layout.height(of:)) == heights, "a heart change keeps every row's height")
        let liked = screen.frame(size: size)
        let changed = (0..<size.rows).filter { before.text(row: $0) != liked.text(row: $0) }
        #expect(changed.count == 1, "only the heart line changed: \(changed)")
        #expect(liked.text(row: try #require(changed.first)).contains("♥ 11 likes"))

        await model.rowAppeared("p20")?.value
        #expect(model.viewState.rows.count == 40)
        #expect(model.viewState.rows.prefix(20).map(layout.height(of:)) == heights, "a new page keeps every row's height")
        #expect(listLines(screen.frame(size: size)) == listLines(liked), "a page appended below moves nothing on screen")

        await useCase.answer(call: 1, with: .saved(LikeResult(liked: true, likeCount: 11)))
        await like.value
    }

    @Test func likeFlipsTheSelectedHeartInTheNextFrameBeforeTheServerAnswers() async throws {
        let useCase = FakeLikePostUseCase()
        let (screen, model, _) = await loadedScreen(useCase: useCase)
        #expect(screen.handle(.character("j")) == .handled)
        let before = screen.frame(size: size)
        #expect(before.text(row: 0).hasSuffix("2/20"))
        #expect(screen.handle(.character("l")) == .handled)
        let after = screen.frame(size: size)
        #expect(model.viewState.rows[1].heart == .liked)
        let heartLine = try #require(lineIndex(of: "11 likes", in: after))
        #expect(after.text(row: heartLine).hasPrefix("▌ ♥ 11 likes"), "the selected row's heart, filled at once")
        #expect(before.text(row: heartLine).hasPrefix("▌ ♡ 10 likes"))
        await useCase.waitForCalls(1)
        #expect(await useCase.calls.map(\.post) == ["p2"])
        await useCase.answer(call: 1, with: .saved(LikeResult(liked: true, likeCount: 11)))
        #expect(await model.waitUntilIdle(timeout: .seconds(10)))
    }

    @Test func scrollingDownReportsRowsAndLoadsTheNextPageOnce() async throws {
        let (screen, model, feed) = await loadedScreen()
        _ = screen.frame(size: size)
        var presses = 0
        while model.viewState.pagination != .loading, model.viewState.rows.count == 20, presses < 40 {
            #expect(screen.handle(.pageDown) == .handled)
            _ = screen.frame(size: size)
            presses += 1
        }
        #expect(presses > 3, "the first screens don't load more")
        #expect(presses < 40, "paging down reached row 15 and asked for the next page")
        #expect(await model.waitUntilIdle(timeout: .seconds(10)))
        #expect(await feed.requests == [nil, Cursor("c1")])
        #expect(model.viewState.rows.count == 40)
    }

    @Test func goingToTheBottomShowsLoadingMoreThenTheNewRowsWithoutMovingTheView() async throws {
        let feed = FakeFeedRepository(pages: FeedFixtures.pages(count: 3))
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        let screen = FeedScreen(model: model)
        await screen.start()?.value
        let gate = await feed.hold(call: 2)
        #expect(screen.handle(.character("G")) == .handled)
        let loading = screen.frame(size: size)
        #expect(model.viewState.pagination == .loading)
        let footer = try #require(lineIndex(of: "Loading more…", in: loading))
        #expect(footer == size.rows - 2, "the footer is on the list's last line")
        #expect(loading.text(row: 0).hasSuffix("20/20"))
        await gate.open()
        #expect(await model.waitUntilIdle(timeout: .seconds(10)))
        let loaded = screen.frame(size: size)
        #expect(Array(listLines(loaded).prefix(footer - 1)) == Array(listLines(loading).prefix(footer - 1)), "rows stay where they were")
        #expect(loaded.text(row: footer).contains("@"), "the next page starts where the footer was")
    }

    @Test func aRefreshThatKeepsTheTopPostKeepsThePosition() async throws {
        let (screen, model, _) = await loadedScreen()
        for _ in 0..<5 { _ = screen.handle(.character("j")) }
        let before = screen.frame(size: size)
        let position = screen.position
        #expect(position.top != "p1")
        await model.refresh().value
        let after = screen.frame(size: size)
        #expect(screen.position == position)
        #expect(listLines(after) == listLines(before))
    }

    @Test func aRefreshWithoutTheTopPostGoesToTheTop() async throws {
        let first = FeedFixtures.pages(count: 1)[0]
        let fresh = FeedPage(posts: (101...120).map { FeedFixtures.post($0) }, next: nil)
        let feed = FakeFeedRepository { cursor, call in call == 1 ? first : fresh }
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        let screen = FeedScreen(model: model)
        await screen.start()?.value
        for _ in 0..<5 { _ = screen.handle(.character("j")) }
        _ = screen.frame(size: size)
        #expect(screen.handle(.character("r")) == .handled)
        #expect(await model.waitUntilIdle(timeout: .seconds(10)))
        let frame = screen.frame(size: size)
        #expect(screen.position.top == "p101")
        #expect(screen.position.selected == "p101")
        #expect(frame.text(row: 0).hasSuffix("1/20"))
    }

    @Test func movingKeepsTheSelectionOnScreen() async throws {
        let (screen, model, _) = await loadedScreen()
        for step in 1...12 {
            #expect(screen.handle(.down) == .handled)
            let frame = screen.frame(size: size)
            let selected = try #require(screen.position.selected)
            let author = "@" + (model.viewState.rows.first { $0.id == selected }?.author ?? "")
            let line = try #require(lineIndex(of: author, in: frame), "step \(step)")
            #expect(frame.text(row: line).hasPrefix("▌"))
            #expect(frame.text(row: 0).hasSuffix("\(step + 1)/\(model.viewState.rows.count)"))
        }
        #expect(screen.handle(.home) == .handled)
        _ = screen.frame(size: size)
        #expect(screen.position == FeedScreenPosition(top: "p1", topOffset: 0, selected: "p1"))
        #expect(screen.handle(.up) == .handled)
        #expect(screen.position.selected == "p1", "up on the first post stays there")
        _ = screen.handle(.pageDown)
        _ = screen.handle(.pageUp)
        _ = screen.frame(size: size)
        #expect(screen.position.top == "p1")
    }

    @Test func aFailedLikeShowsAMessageThatClearsItself() async throws {
        let useCase = FakeLikePostUseCase()
        let clock = ManualClock()
        let (screen, model, _) = await loadedScreen(useCase: useCase, now: { clock.now })
        let like = try #require(model.toggleLike("p1"))
        await useCase.answer(call: 1, with: .failed(serverState: nil))
        await like.value
        let frame = screen.frame(size: size)
        #expect(frame.text(row: 0).contains("Couldn't like"), "the message shows on the title line")
        #expect(screen.isAnimating)
        clock.advance(.seconds(3))
        screen.tick()
        #expect(model.viewState.message?.text == "Couldn't like")
        clock.advance(.seconds(2))
        screen.tick()
        #expect(model.viewState.message == nil)
        #expect(!screen.frame(size: size).plainText.contains("Couldn't like"))
    }

    @Test func keysForHelpRetryAndQuit() async throws {
        let (screen, _, _) = await loadedScreen()
        #expect(screen.handle(.character("?")) == .handled)
        #expect(screen.showsHelp)
        #expect(screen.frame(size: size).plainText.contains("like or unlike the selected post"))
        #expect(screen.handle(.character("x")) == .handled)
        #expect(!screen.showsHelp, "any key closes help")
        #expect(screen.handle(.character("x")) == .ignored)
        #expect(screen.handle(.character("R")) == .handled)
        #expect(screen.handle(.character("q")) == .quit)
        #expect(screen.handle(.interrupt) == .quit)
        _ = screen.handle(.character("?"))
        #expect(screen.handle(.character("q")) == .quit, "q quits from help too")
    }

    @Test func retryAfterAFailedPageLoadsIt() async throws {
        let pages = FeedFixtures.pages(count: 2)
        let feed = FakeFeedRepository { cursor, call in
            if call == 2 { throw FakeError(message: "503") }
            return cursor == nil ? pages[0] : pages[1]
        }
        let model = FeedViewModel(feed: feed, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        let screen = FeedScreen(model: model)
        await screen.start()?.value
        _ = screen.handle(.end)
        _ = screen.frame(size: size)
        #expect(await model.waitUntilIdle(timeout: .seconds(10)))
        let failed = screen.frame(size: size)
        #expect(failed.plainText.contains("Couldn't load more — R to retry"))
        #expect(screen.handle(.character("R")) == .handled)
        #expect(await model.waitUntilIdle(timeout: .seconds(10)))
        #expect(model.viewState.rows.count == 40)
    }

    @Test func onlyTheRowsOnScreenAreLaidOutWhateverIsLoaded() {
        let posts = (1...10_000).map { FeedFixtures.post($0) }
        let state = FeedViewState(rows: posts.map(PostRow.init(post:)), initialLoad: .loaded, pagination: .idle, isRefreshing: false, message: nil)
        let start = FeedScreenRenderer.render(state: state, size: size)
        #expect(start.visibleRows == ["p1", "p2"])
        let deep = FeedScreenRenderer.render(state: state, size: size, position: FeedScreenPosition(top: "p9000", selected: "p9001"))
        #expect(deep.visibleRows == ["p9000", "p9001"])
        #expect(deep.buffer.text(row: 0).hasSuffix("9001/10000"))
        #expect(deep.position.topIndexHint == 8999, "the next frame finds the top post at once")
        let again = FeedScreenRenderer.render(state: state, size: size, position: deep.position)
        #expect(again.buffer == deep.buffer)
    }
}

/// A clock the test moves by hand.
@MainActor
final class ManualClock {
    private(set) var now = ContinuousClock.now

    func advance(_ duration: Duration) {
        now = now.advanced(by: duration)
    }
}

@Suite struct FeedScreenBannerTests {
    @Test func theTitleLineShowsHowOldSavedRowsAreAndAMessageWinsOverIt() {
        let saved = Date(timeIntervalSince1970: 1_000_000)
        var state = ScreenFixtures.loaded()
        state.banner = .offline(saved)
        let options = FeedScreenOptions(now: saved.addingTimeInterval(5 * 60))
        let size = TerminalSize(columns: 80, rows: 24)
        let title = FeedScreenRenderer.render(state: state, size: size, options: options).buffer.text(row: 0)
        #expect(title.contains("Offline · Updated 5 minutes ago"), "\(title)")
        state.message = .likeFailed(wanted: false)
        let withMessage = FeedScreenRenderer.render(state: state, size: size, options: options).buffer.text(row: 0)
        #expect(withMessage.contains("Couldn't unlike"))
        #expect(!withMessage.contains("Offline"))
        let plain = FeedScreenRenderer.plainText(state: FeedViewState(rows: state.rows, initialLoad: .loaded, pagination: .idle, isRefreshing: false, message: nil, banner: .updated(saved)), columns: 80, now: saved.addingTimeInterval(120))
        #expect(plain.split(separator: "\n").first?.contains("Updated 2 minutes ago") == true)
    }
}

@Suite struct FeedScreenAnchorTests {
    @Test func whenTheTopPostIsGoneTheSelectedPostStaysInViewAtTheTop() {
        let state = ScreenFixtures.loaded()
        let selected = state.rows[3].id
        let position = FeedScreenPosition(top: "gone-after-refresh", topOffset: 2, selected: selected)
        let frame = FeedScreenRenderer.render(state: state, size: TerminalSize(columns: 80, rows: 24), position: position)
        #expect(frame.position.top == selected)
        #expect(frame.position.selected == selected)
        #expect(frame.visibleRows.first == selected)
    }
}

@Suite struct FeedScreenHelpTests {
    @Test func aShortScreenStillShowsHowToQuit() {
        let frame = FeedScreenRenderer.render(
            state: ScreenFixtures.loaded(), size: TerminalSize(columns: 40, rows: 12), options: FeedScreenOptions(showsHelp: true))
        let text = (0..<12).map(frame.buffer.text(row:)).joined(separator: "\n")
        #expect(text.contains("Ctrl-C"), "the help's quit line, not only the key bar: \(text)")
        #expect(text.contains("next post"))
    }
}
