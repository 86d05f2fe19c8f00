import FeedInterface
import FeedTesting
import ProfileInterface
import TerminalUI
import Testing
@testable import Feed

/// Records the profiles the feed screen asks to open.
@MainActor
private final class ProfileRequests: ProfileOpening {
    private(set) var opened: [(author: Author, post: PostID)] = []
    func openProfile(of author: Author, from post: PostID) { opened.append((author, post)) }
}

/// The feed asks to open an author through `ProfileInterface`; it never knows the profile feature.
@MainActor
@Suite struct FeedScreenProfileKeyTests {
    let size = TerminalSize(columns: 80, rows: 24)

    private func screen(profiles: (any ProfileOpening)?) async -> FeedScreen {
        let model = FeedViewModel(feed: FakeFeedRepository(pages: FeedFixtures.pages(count: 1)), posts: FakePostStore(likePost: FakeLikePostUseCase()))
        let screen = FeedScreen(model: model, profiles: profiles)
        await screen.start()?.value
        _ = screen.frame(size: size)
        return screen
    }

    @Test func enterAndPOpenTheSelectedPostsAuthor() async throws {
        let requests = ProfileRequests()
        let screen = await screen(profiles: requests)
        _ = screen.handle(.character("j"))
        #expect(screen.handle(.enter) == .handled)
        #expect(screen.handle(.character("p")) == .handled)
        #expect(requests.opened.map(\.post) == ["p2", "p2"])
        #expect(requests.opened.first?.author == FeedFixtures.post(2).author)
    }

    @Test func withoutProfilesThereIsNoProfileKeyAndTheHelpDoesNotListIt() async throws {
        let screen = await screen(profiles: nil)
        #expect(screen.handle(.enter) == .ignored)
        _ = screen.handle(.character("?"))
        #expect(!screen.frame(size: size).plainText.contains("profile"))
    }

    @Test func withProfilesTheHelpListsTheKey() async throws {
        let screen = await screen(profiles: ProfileRequests())
        _ = screen.handle(.character("?"))
        #expect(screen.frame(size: size).plainText.contains("Enter  p"))
    }
}
