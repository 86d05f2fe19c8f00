import FeedInterface
import PluginInterface
import TerminalUIInterface

/// What `mute-authors` adds to a screen (the feed or a profile): `m` mutes the selected post's
/// author, `M` unmutes the author muted last, and "3 muted" in the title line.
@MainActor
final class MuteKeys: ScreenExtension {
    private let mutes: ActiveMuteAuthors

    init(mutes: ActiveMuteAuthors) {
        self.mutes = mutes
    }

    func titleSegment(glyphs: Glyphs) -> TitleSegment? {
        let count = mutes.list.authors.count
        guard !mutes.switchedOff, count > 0 else { return nil }
        return TitleSegment(mutes.isFull ? "\(count) muted (full)" : "\(count) muted")
    }

    var keyHelp: [KeyHelpLine] {
        guard !mutes.switchedOff else { return [] }
        return [
            KeyHelpLine(keys: "m", action: "mute the selected post's author: their posts leave every screen", bar: "m mute", needsSelection: true),
            KeyHelpLine(keys: "M", action: "unmute the author muted last"),
        ]
    }

    func handle(_ key: Key, selected: PostRow?) -> ScreenKeyOutcome {
        switch key {
        case .character("m"):
            guard let row = selected, !mutes.switchedOff else { return .ignored }
            _ = mutes.mute(row.authorID)
            return .handled
        case .character("M"):
            return mutes.unmuteLatest() ? .handled : .ignored
        default:
            return .ignored
        }
    }
}
