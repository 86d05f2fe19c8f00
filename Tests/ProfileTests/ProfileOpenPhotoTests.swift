import FeedInterface
import FeedTesting
import Foundation
import LikesTesting
import PluginInterface
import StoreTesting
import Synchronization
import TerminalUIInterface
import Testing
@testable import Profile

/// `o` in a profile opens the selected post's photo through the host's opener, as on the feed.
@MainActor
@Suite struct ProfileOpenPhotoTests {
    let size = TerminalSize(columns: 80, rows: 24)

    private func loadedScreen(opener: RecordingPhotoOpener?) async -> (ProfileScreen, ProfileViewModel) {
        let posts = (1...6).map { FeedFixtures.post($0, like: .notLiked, likeCount: $0) }
        let model = ProfileViewModel(
            author: Author(id: "a1", name: "Ana"), repository: FakeFeedRepository(pages: [FeedPage(posts: posts, next: nil)]),
            posts: FakePostStore(likePost: FakeLikePostUseCase()))
        let screen = ProfileScreen(model: model, photoOpener: opener)
        await screen.start()?.value
        _ = screen.frame(size: size)
        return (screen, model)
    }

    @Test func oOpensTheSelectedPostsPhotoAndItsFailureShows() async throws {
        let opener = RecordingPhotoOpener(answer: "Couldn't download the photo: the server answered 404")
        let (screen, model) = await loadedScreen(opener: opener)
        _ = screen.handle(.right)
        #expect(screen.handle(.character("o")) == .handled)
        #expect(model.viewState.message == .openingPhoto)
        await screen.photoOpening?.value
        #expect(opener.opened.map(\.id) == [model.viewState.rows[1].id])
        #expect(screen.frame(size: size).text(row: 0).contains("Couldn't download the photo: the server answered 404"))
    }

    @Test func theHelpListsOOnlyWithAnOpener() async throws {
        let (screen, _) = await loadedScreen(opener: RecordingPhotoOpener(answer: nil))
        _ = screen.handle(.character("?"))
        #expect(screen.frame(size: size).plainText.contains("open the photo in the system viewer"))
        let (without, _) = await loadedScreen(opener: nil)
        #expect(without.handle(.character("o")) == .ignored)
        _ = without.handle(.character("?"))
        #expect(!without.frame(size: size).plainText.contains("open the photo"))
    }
}

/// A photo opener that records the rows it was asked for and answers `answer`.
final class RecordingPhotoOpener: PhotoOpener {
    private let rows = Mutex<[PostRow]>([])
    private let answer: String?

    init(answer: String?) {
        self.answer = answer
    }

    var opened: [PostRow] { rows.withLock { $0 } }

    func open(_ row: PostRow) async -> String? {
        rows.withLock { $0.append(row) }
        return answer
    }
}
