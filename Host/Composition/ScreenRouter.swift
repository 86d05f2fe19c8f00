import Feed
import FeedInterface
import ImagePipeline
import Profile
import ProfileInterface
import TerminalUI

/// The screens of the terminal app and the way between them: the feed, and over it the profile of
/// an author the feed asks for (`shared-post-store`). Keys go to the screen on top; leaving the
/// profile returns to the feed exactly where the reader was.
@MainActor
final class ScreenRouter: ProfileOpening {
    private(set) var feed: FeedScreen!
    private(set) var profile: ProfileScreen?
    private let makeProfile: ((Author) -> ProfileViewModel?)?
    private let poller: NewPostsPoller?
    private let photos: ImagePipeline?
    private let ascii: Bool
    /// Called when a photo arrives, so the screen is drawn again.
    var onPhoto: @MainActor () -> Void = {}

    /// The router over the feed's view model; `makeProfile` is `nil` when profiles are off, `poller`
    /// when new posts are not polled for, `photos` when photos are off or cannot be drawn here (no
    /// colour, `--ascii`).
    init(
        model: FeedViewModel, makeProfile: ((Author) -> ProfileViewModel?)?, poller: NewPostsPoller?, photos: ImagePipeline?,
        ascii: Bool
    ) {
        self.makeProfile = makeProfile
        self.poller = poller
        self.photos = photos
        self.ascii = ascii
        feed = FeedScreen(
            model: model, profiles: makeProfile == nil ? nil : self, photos: loader(), takesNewPosts: poller != nil, ascii: ascii)
    }

    /// A photo loader for one screen; each screen cancels its own rows' loads.
    private func loader() -> ImageRowLoader<PostID>? {
        photos.map { ImageRowLoader(pipeline: $0) { [weak self] _ in self?.onPhoto() } }
    }

    func openProfile(of author: Author, from post: PostID) {
        guard let model = makeProfile?(author) else { return }
        profile?.model.close()
        let screen = ProfileScreen(model: model, selecting: post, photos: loader(), ascii: ascii)
        screen.start()
        profile = screen
        // The feed is behind the profile: no polling for new posts until it is back.
        poller?.setVisible(false)
    }

    /// Closes the profile, if one is open, back to the feed.
    func closeProfile() {
        profile?.model.close()
        profile = nil
        poller?.setVisible(true)
    }

    /// The process was suspended (`true`) or resumed (`false`): no polling meanwhile.
    func setSuspended(_ suspended: Bool) { poller?.setSuspended(suspended) }

    /// Applies `key` to the screen on top; returns whether the reader asked to quit.
    func handle(_ key: Key) -> Bool {
        guard let profile else { return feed.handle(key) == .quit }
        switch profile.handle(key) {
        case .back:
            closeProfile()
        case .quit:
            return true
        case .handled, .ignored:
            break
        }
        return false
    }

    /// The frame of the screen on top.
    func frame(size: TerminalSize) -> ScreenBuffer {
        profile?.frame(size: size) ?? feed.frame(size: size)
    }

    /// Advances both screens' clocks (the feed's messages expire under the profile too).
    func tick() {
        feed.tick()
        profile?.tick()
    }

    /// Whether ticks change the screen on top.
    var isAnimating: Bool { profile?.isAnimating ?? feed.isAnimating }
}
