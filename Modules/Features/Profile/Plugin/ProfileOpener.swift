import FeedInterface
import PluginInterface
import TerminalUI

/// What `shared-post-store` adds to the feed screen: Enter (or `p`) opens the selected post's
/// author over the feed.
@MainActor
final class ProfileOpener: ScreenExtension {
    private let plugin: ActiveSharedPostStore

    init(plugin: ActiveSharedPostStore) {
        self.plugin = plugin
    }

    var keyHelp: [KeyHelpLine] { plugin.switchedOff ? [] : [KeyHelpLine(keys: "Enter  p", action: "the author's profile", bar: "Enter profile", needsSelection: true)] }

    func handle(_ key: Key, selected: PostRow?) -> ScreenKeyOutcome {
        guard key == .enter || key == .character("p") else { return .ignored }
        guard let row = selected,
            let screen = plugin.makeProfileScreen(of: Author(id: row.authorID, name: row.author), selecting: row.id)
        else { return .ignored }
        return .open(screen)
    }
}
