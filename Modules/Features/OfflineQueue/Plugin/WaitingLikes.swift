import FeedInterface
import PluginInterface
import TerminalUIInterface

/// What `persistent-like-queue` adds to the feed screen: "2 likes waiting to send" in the title
/// line and "waiting to send" on the rows whose like waits on this device.
@MainActor
final class WaitingLikes: ScreenExtension {
    private let screen: any ScreenControl

    init(screen: any ScreenControl) {
        self.screen = screen
    }

    func titleSegment(glyphs: Glyphs) -> TitleSegment? {
        let waiting = screen.postStore?.pendingCount ?? 0
        guard waiting > 0 else { return nil }
        return TitleSegment(waiting == 1 ? "1 like waiting to send" : "\(waiting) likes waiting to send")
    }

    /// A feed row says "waiting to send"; a profile's narrow cell "waiting".
    func rowMark(_ row: PostRow, glyphs: Glyphs) -> String? {
        guard row.pending else { return nil }
        return screen.place == .feed ? "waiting to send" : "waiting"
    }
}
