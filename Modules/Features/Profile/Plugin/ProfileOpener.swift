import FeedInterface
import PluginInterface
import ProfileInterface
import TerminalUIInterface

/// What `shared-post-store` adds to the feed screen: Enter (or `p`) asks `opening` for the selected
/// post's author, from that post, and opens over the feed the screen the request made (`opened`).
@MainActor
final class ProfileOpener: ScreenExtension {
    private let opening: any ProfileOpening
    private let isOn: () -> Bool
    private let opened: () -> (any OverlayScreen)?

    /// The key over `opening`, offered while `isOn`; `opened` hands over the screen the last request made.
    init(opening: any ProfileOpening, isOn: @escaping () -> Bool = { true }, opened: @escaping () -> (any OverlayScreen)? = { nil }) {
        self.opening = opening
        self.isOn = isOn
        self.opened = opened
    }

    var keyHelp: [KeyHelpLine] { isOn() ? [KeyHelpLine(keys: "Enter  p", action: "the author's profile", bar: "Enter profile", needsSelection: true)] : [] }

    func handle(_ key: Key, selected: PostRow?) -> ScreenKeyOutcome {
        guard key == .enter || key == .character("p"), isOn(), let row = selected else { return .ignored }
        opening.openProfile(of: Author(id: row.authorID, name: row.author), from: row.id)
        return opened().map { .open($0) } ?? .handled
    }
}
