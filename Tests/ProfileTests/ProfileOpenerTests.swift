import FeedInterface
import FeedTesting
import LikesTesting
import PluginInterface
import ProfileTesting
import StoreTesting
import TerminalUI
import Testing
@testable import Profile

/// The feed's profile key asks through `ProfileOpening` (a recording fake here) for the selected
/// post's author, from that post, and opens the screen the request made.
@MainActor
@Suite struct ProfileOpenerTests {
    private let rows = [PostRow(post: FeedFixtures.post(3)), PostRow(post: FeedFixtures.post(9))]

    @Test func enterAndPAskForTheSelectedPostsAuthorFromThatPost() {
        let opening = FakeProfileOpener()
        let opener = ProfileOpener(opening: opening)
        #expect(opener.handle(.enter, selected: rows[0]) == .handled)
        #expect(opener.handle(.character("p"), selected: rows[1]) == .handled)
        #expect(opening.requests == [
            FakeProfileOpener.Request(author: Author(id: "a3", name: "Author 3"), post: "p3"),
            FakeProfileOpener.Request(author: Author(id: "a2", name: "Author 2"), post: "p9"),
        ])
    }

    @Test func otherKeysNoSelectionOrProfilesSwitchedOffAskNothing() {
        let opening = FakeProfileOpener()
        var on = true
        let opener = ProfileOpener(opening: opening, isOn: { on })
        #expect(opener.handle(.character("x"), selected: rows[0]) == .ignored)
        #expect(opener.handle(.enter, selected: nil) == .ignored)
        #expect(opener.keyHelp.map(\.keys) == ["Enter  p"])
        on = false
        #expect(opener.handle(.enter, selected: rows[0]) == .ignored)
        #expect(opener.handle(.character("p"), selected: rows[1]) == .ignored)
        #expect(opener.keyHelp.isEmpty, "no key offered once the server switched profiles off")
        #expect(opening.requests.isEmpty)
    }

    @Test func theScreenTheRequestMadeOpensOverTheFeed() {
        let opening = FakeProfileOpener()
        let model = ProfileViewModel(
            author: Author(id: "a3", name: "Author 3"), repository: FakeFeedRepository(pages: []), posts: FakePostStore(likePost: FakeLikePostUseCase()))
        let screen = ProfileScreen(model: model, selecting: "p3")
        let opener = ProfileOpener(opening: opening, opened: { opening.requests.isEmpty ? nil : screen })
        #expect(opener.handle(.enter, selected: rows[0]) == .open(screen))
        #expect(opening.requests.map(\.post) == ["p3"])
    }
}
