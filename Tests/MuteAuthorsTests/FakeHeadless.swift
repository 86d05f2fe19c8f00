import FeedInterface
import PluginInterface

/// A feed screen that shows nothing: what a headless command is given to act on.
@MainActor
final class EmptyScreen: ScreenControl {
    var place: ScreenPlace { .feed }
    var newestShownPost: PostID? { nil }
    var session: Int { 0 }
}

/// A headless driver with no rows: `mute` and `unmute` take an author's ID, not a row.
@MainActor
final class FakeHeadless: HeadlessControl {
    let screen = EmptyScreen()
    var feed: any ScreenControl { screen }
    var rows: [PostRow] { [] }
    func present(_ screen: any HeadlessScreen) {}
    func leaveScreen() {}
    func refreshFeedFromTop() {}
}
