import FeedInterface
import FeedTesting
import Foundation
import LikesTesting
import StoreTesting
import TerminalUIInterface
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

    @Test(arguments: [(TerminalSize(columns: 100, rows: 40), 14), (TerminalSize(columns: 80, rows: 24), 28), (TerminalSize(columns: 60, rows: 30), 7)])
    func atTheOldestPostTheGridFillsTheScreen(size: TerminalSize, posts: Int) async throws {
        let repository = FakeFeedRepository(pages: [FeedPage(posts: FeedFixtures.pages(count: 1, pageSize: posts)[0].posts, next: nil)])
        let model = ProfileViewModel(author: Author(id: "a", name: "A"), repository: repository, posts: FakePostStore(likePost: FakeLikePostUseCase()))
        let screen = ProfileScreen(model: model, selecting: PostID("p\(posts)"))
        await screen.start()?.value
        let frame = screen.frame(size: size)
        #expect(screen.selectedIndex == posts - 1)
        #expect(frame.text(row: 0).contains("\(posts)/\(posts)"))
        // The end of the grid sits on the screen's last list line: no empty bottom.
        let lastListLine = size.rows - 2
        #expect(frame.text(row: lastListLine).contains("That's every post"), "\n\(frame.plainText)")
        // The top shows a cell (or the blank line under the cell above, cut just there).
        #expect((1...2).contains { !frame.text(row: $0).trimmingCharacters(in: .whitespaces).isEmpty })
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
