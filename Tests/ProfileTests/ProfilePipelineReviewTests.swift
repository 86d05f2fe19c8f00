import FeedInterface
import FeedTesting
import Foundation
import LikesTesting
import StoreTesting
import TerminalUIInterface
import Testing
@testable import Profile

/// Review-33: a filter that removes the selected post of a profile grid must not send the reader
/// back to the first post ("without moving what the reader looks at").
@MainActor
@Suite struct ProfilePipelineReviewTests {
    @Test func removingTheSelectedPostKeepsTheReaderNearIt() async throws {
        let pipeline = FakePostPipeline()
        let model = ProfileViewModel(
            author: Author(id: "a", name: "A"), repository: FakeFeedRepository(pages: [FeedPage(posts: FeedFixtures.pages(count: 1, pageSize: 40)[0].posts, next: nil)]),
            posts: FakePostStore(likePost: FakeLikePostUseCase()), pipeline: pipeline)
        let screen = ProfileScreen(model: model, selecting: "p30")
        let size = TerminalSize(columns: 80, rows: 24)
        await screen.start()?.value
        _ = screen.frame(size: size)
        #expect(screen.selectedIndex == 29)
        pipeline.mute("a2") // p30's author (p<n> by a<n % 7>)
        _ = screen.frame(size: size)
        #expect(screen.selectedIndex >= 20, "the selection jumped to index \(screen.selectedIndex), post \(String(describing: screen.selected))")
    }
}
