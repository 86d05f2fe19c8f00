import FeedInterface
import FeedTesting
import Foundation
import LikesInterface
import LikesTesting
import StoreTesting
import TerminalUIInterface
import TerminalUITesting
import Testing
@testable import Profile

@MainActor
@Suite struct ProfileScreenTests {
    nonisolated static let sizes = [TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 40, rows: 12), TerminalSize(columns: 120, rows: 40)]
    nonisolated private static let snapshots = SnapshotFile(directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__"))
    private let author = Author(id: "a1", name: "Ana Lovelace")

    private func check(_ buffer: ScreenBuffer, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if let problem = try Self.snapshots.problem(with: buffer, named: name) { Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation) }
    }

    private func loadedScreen(posts count: Int = 10, next: Cursor? = nil, ascii: Bool = false) async -> (ProfileScreen, FakeLikePostUseCase) {
        let useCase = FakeLikePostUseCase()
        var posts = (1...count).map { FeedFixtures.post($0, like: $0 == 2 ? .liked : .notLiked, likeCount: $0 * 111) }
        if posts.count > 3 { posts[3].like = .unknown }
        let repository = FakeFeedRepository(pages: [FeedPage(posts: posts, next: next)])
        let model = ProfileViewModel(author: author, repository: repository, posts: FakePostStore(likePost: useCase))
        let screen = ProfileScreen(model: model, ascii: ascii)
        await screen.start()?.value
        return (screen, useCase)
    }

    @Test(arguments: sizes) func aGridOfTwoToFourColumnsByWidth(size: TerminalSize) async throws {
        let (screen, _) = await loadedScreen()
        _ = screen.handle(.character("l"))
        try check(screen.frame(size: size), "grid-\(size.columns)x\(size.rows)")
        #expect(ProfileGrid(size: size).columns == (size.columns >= 100 ? 4 : size.columns >= 60 ? 3 : 2))
    }

    @Test("any terminal size draws, from 1×1 up: a narrow terminal or a resize storm never traps")
    func everySizeDraws() async throws {
        let (screen, _) = await loadedScreen(posts: 12)
        for columns in [1, 2, 3, 5, 6, 7, 9, 13, 20, 59, 60, 99, 100, 5_000] {
            for rows in [1, 2, 3, 7, 24, 5_000] {
                _ = screen.handle(.right)
                let frame = screen.frame(size: TerminalSize(columns: columns, rows: rows))
                #expect(frame.size.columns <= TerminalSize.maxSide && frame.size.rows <= TerminalSize.maxSide)
            }
        }
    }

    @Test func asciiDrawsNoUnicode() async throws {
        let (screen, _) = await loadedScreen(ascii: true)
        let frame = screen.frame(size: TerminalSize(columns: 80, rows: 24))
        try check(frame, "ascii-80x24")
        #expect(frame.plainText.unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test func helpListsTheKeysAndAnyKeyClosesIt() async throws {
        let (screen, _) = await loadedScreen()
        #expect(screen.handle(.character("?")) == .handled)
        try check(screen.frame(size: TerminalSize(columns: 80, rows: 24)), "help-80x24")
        #expect(screen.handle(.character("x")) == .handled)
        #expect(!screen.showsHelp)
    }

    @Test func movesInTheGridAndBackKeysGoBack() async throws {
        let (screen, _) = await loadedScreen()
        _ = screen.frame(size: TerminalSize(columns: 80, rows: 24))
        #expect(screen.selectedIndex == 0)
        _ = screen.handle(.right)
        _ = screen.handle(.character("j"))
        #expect(screen.selectedIndex == 4, "three columns at 80: down moves one grid row")
        _ = screen.handle(.character("k"))
        _ = screen.handle(.character("h"))
        _ = screen.handle(.left)
        #expect(screen.selectedIndex == 0, "never before the first")
        _ = screen.handle(.end)
        #expect(screen.selectedIndex == 9)
        for key in [Key.escape, .backspace, .character("q")] { #expect(screen.handle(key) == .back) }
        #expect(screen.handle(.interrupt) == .quit)
    }

    @Test func spaceLikesTheSelectedPostAndTheHeartChangesAtOnce() async throws {
        let (screen, useCase) = await loadedScreen()
        _ = screen.frame(size: TerminalSize(columns: 80, rows: 24))
        _ = screen.handle(.right)
        _ = screen.handle(.right)
        #expect(screen.handle(.character(" ")) == .handled)
        #expect(screen.model.viewState.rows[2].heart == .liked)
        await useCase.waitForCalls(1)
        #expect(await useCase.calls.first?.post == "p3")
        _ = screen.handle(.right)
        #expect(screen.handle(.character(" ")) == .handled, "an unknown heart is disabled")
        #expect(screen.model.viewState.rows[3].heart == .unknown)
    }

    @Test func scrollingDownToTheLastRowsLoadsTheNextPage() async throws {
        let useCase = FakeLikePostUseCase()
        let repository = FakeFeedRepository(pages: FeedFixtures.pages(count: 3, pageSize: 12))
        let model = ProfileViewModel(author: author, repository: repository, posts: FakePostStore(likePost: useCase))
        let screen = ProfileScreen(model: model)
        await screen.start()?.value
        let size = TerminalSize(columns: 80, rows: 24)
        _ = screen.frame(size: size)
        #expect(await repository.requests.count == 1)
        _ = screen.handle(.end)
        _ = screen.frame(size: size)
        #expect(await model.waitUntilIdle(timeout: .seconds(10)))
        #expect(model.viewState.rows.count == 24)
        #expect(screen.selectedIndex == 11, "the selection stays on its post when a page is appended")
    }

    @Test func loadingAndAFailedFirstPage() async throws {
        let repository = FakeFeedRepository { _, _ in throw FeedError.offline(reason: "cannot reach 127.0.0.1:9") }
        let model = ProfileViewModel(author: author, repository: repository, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        let screen = ProfileScreen(model: model)
        try check(screen.frame(size: TerminalSize(columns: 60, rows: 12)), "loading-60x12")
        await screen.start()?.value
        try check(screen.frame(size: TerminalSize(columns: 60, rows: 12)), "failed-60x12")
    }

    @Test func theHeaderSaysHowManyPostsOnceTheEndIsKnown() async throws {
        let (screen, _) = await loadedScreen(posts: 1)
        #expect(screen.frame(size: TerminalSize(columns: 80, rows: 24)).text(row: 0).contains("@Ana Lovelace · 1 post"))
    }
}

@MainActor
@Suite struct ProfileScreenSelectionTests {
    @Test func theGridOpensOnThePostItWasOpenedFrom() async throws {
        let useCase = FakeLikePostUseCase()
        let repository = FakeFeedRepository(pages: FeedFixtures.pages(count: 1, pageSize: 10))
        let model = ProfileViewModel(author: Author(id: "a", name: "A"), repository: repository, posts: FakePostStore(likePost: useCase))
        let screen = ProfileScreen(model: model, selecting: "p7")
        await screen.start()?.value
        _ = screen.frame(size: TerminalSize(columns: 80, rows: 24))
        #expect(screen.selectedIndex == 6)
        _ = screen.handle(.character(" "))
        await useCase.waitForCalls(1)
        #expect(await useCase.calls.first?.post == "p7")
    }
}

@MainActor
@Suite struct ProfileScreenSeekTests {
    @Test func aPostOnALaterPageIsLoadedAndSelected() async throws {
        let repository = FakeFeedRepository(pages: FeedFixtures.pages(count: 4, pageSize: 10))
        let model = ProfileViewModel(author: Author(id: "a", name: "A"), repository: repository, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        let screen = ProfileScreen(model: model, selecting: "p25")
        await screen.start()?.value
        let size = TerminalSize(columns: 80, rows: 24)
        for _ in 0..<5 {
            _ = screen.frame(size: size)
            _ = await model.waitUntilIdle(timeout: .seconds(10))
        }
        #expect(screen.selectedIndex == 24)
        #expect(await repository.requests.count <= 4, "the page that holds it, and at most the prefetch after it")
    }
}
