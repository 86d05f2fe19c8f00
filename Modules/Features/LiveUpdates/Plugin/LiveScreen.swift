import FeedInterface
import PluginInterface
import TerminalUIInterface

/// The live stream's part of the feed screen: it listens to whether the app is shown, and marks a
/// post deleted on the server while it stays under the reader.
@MainActor
final class LiveScreen: ScreenExtension {
    private weak var owner: ActiveLiveUpdates?
    private let deleted: DeletedPosts

    init(owner: ActiveLiveUpdates, deleted: DeletedPosts) {
        self.owner = owner
        self.deleted = deleted
    }

    func rowMark(_ row: PostRow, glyphs: Glyphs) -> String? { deleted.isApplied && deleted.contains(row.id) ? "deleted" : nil }

    func setShown(_ shown: Bool) { owner?.setShown(shown) }

    func setSuspended(_ suspended: Bool) { owner?.setSuspended(suspended) }
}
