import FeedInterface
import FeedTesting
import Foundation
import LikesTesting
import StoreTesting
import TerminalUI
import Testing
@testable import Profile

/// Opened at a post (the author's oldest, on a later page, a slow server): the grid fills the
/// screen and never shows a first selection that jumps once the post arrives.
@MainActor
@Suite struct ProfileOpenedAtAPostTests {
    private let size = TerminalSize(columns: 80, rows: 24)

    /// Grid rows with a photo box's top on screen.
    private func boxRows(_ buffer: ScreenBuffer) -> Int {
        (1..<buffer.size.rows - 1).filter { buffer.text(row: $0).contains("┌") }.count
    }

    @Test func atTheOldestPostTheGridFillsTheScreen() async throws {
        let repository = FakeFeedRepository(pages: FeedFixtures.pages(count: 1, pageSize: 28).map { FeedPage(posts: $0.posts, next: nil) })
        let model = ProfileViewModel(author: Author(id: "a", name: "A"), repository: repository, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        let screen = ProfileScreen(model: model, selecting: "p28")
        await screen.start()?.value
        let frame = screen.frame(size: size)
        #expect(screen.selectedIndex == 27)
        #expect(frame.text(row: 0).contains("28/28"))
        let grid = ProfileGrid(size: size)
        #expect(boxRows(frame) == grid.visibleGridRows, "as many grid rows as fit, not the last row alone:\n\(frame.plainText)")
    }

    @Test func onASlowServerItShowsLoadingUntilThePostArrivesNeverAFirstSelection() async throws {
        let pages = FeedFixtures.pages(count: 2, pageSize: 20)
        let repository = FakeFeedRepository(pages: pages)
        let gate = await repository.hold(call: 2)
        let model = ProfileViewModel(author: Author(id: "a", name: "A"), repository: repository, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        let screen = ProfileScreen(model: model, selecting: "p28")
        await screen.start()?.value
        var frame = screen.frame(size: size)
        await repository.waitForRequests(2)
        frame = screen.frame(size: size)
        #expect(!frame.text(row: 0).contains("1/20"), "no first selection while the post is on its way: \(frame.text(row: 0))")
        #expect(frame.plainText.contains("Loading @A"))
        #expect(!frame.text(row: 23).contains("hjkl"), "no moving in a grid not shown yet")
        await gate.open()
        _ = await model.waitUntilIdle(timeout: .seconds(10))
        frame = screen.frame(size: size)
        #expect(screen.selectedIndex == 27)
        #expect(frame.text(row: 0).contains("28/40"), "\(frame.text(row: 0))")
    }

    @Test func aPostNeverFoundEndsTheSeekOnTheFirstPost() async throws {
        let repository = FakeFeedRepository(pages: [FeedPage(posts: FeedFixtures.pages(count: 1, pageSize: 5)[0].posts, next: nil)])
        let model = ProfileViewModel(author: Author(id: "a", name: "A"), repository: repository, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        let screen = ProfileScreen(model: model, selecting: "gone")
        await screen.start()?.value
        let frame = screen.frame(size: size)
        #expect(frame.text(row: 0).contains("1/5"))
    }
}
