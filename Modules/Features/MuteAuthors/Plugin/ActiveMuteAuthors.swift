import FeedInterface
import Foundation
import PluginInterface

/// `mute-authors` switched on: the list in the post pipeline, saved at each change, and the keys
/// and headless commands that change it.
@MainActor
final class ActiveMuteAuthors: ActivePlugin {
    /// The muted authors, a filter of the pipeline.
    let list: MuteList
    /// The server switched the follow-up off: nothing is hidden or muted any more this run.
    private(set) var switchedOff = false
    /// The last mute was refused because the list is full.
    private(set) var isFull = false
    private let file: URL?
    private let pipeline: (any PostPipeline)?
    private let warn: @Sendable (String) -> Void
    private var warnedOfWrite = false

    /// The follow-up over `list`, saved to `file` (`nil`: kept in memory only), telling `pipeline` of each change.
    init(list: MuteList, file: URL?, pipeline: (any PostPipeline)?, warn: @escaping @Sendable (String) -> Void) {
        self.list = list
        self.file = file
        self.pipeline = pipeline
        self.warn = warn
    }

    /// Mutes `author`: every screen drops their rows at once and the list is saved before this
    /// returns; returns why not, or `nil` (also when already muted).
    func mute(_ author: String) -> String? {
        guard !switchedOff else { return "the server switched mute-authors off" }
        guard PostLimits.idBytes.contains(author.utf8.count) else { return "an author ID is 1 to 256 bytes" }
        guard !list.contains(author) else { return nil }
        guard list.mute(author) else {
            isFull = true
            return "at most \(MutedAuthorsFile.maxAuthors) authors can be muted; unmute one first"
        }
        changed()
        return nil
    }

    /// Unmutes `author` (their posts show again from the next page or refresh); returns why not, or `nil`.
    func unmute(_ author: String) -> String? {
        guard !switchedOff else { return "the server switched mute-authors off" }
        guard list.unmute(author) else { return nil }
        changed()
        return nil
    }

    /// Unmutes the author muted last; returns whether one was.
    func unmuteLatest() -> Bool {
        guard !switchedOff, let latest = list.authors.last else { return false }
        return unmute(latest) == nil
    }

    private func changed() {
        isFull = false
        pipeline?.filtersChanged()
        guard let file else { return }
        do {
            try MutedAuthorsFile.write(list.authors, to: file)
        } catch {
            guard !warnedOfWrite else { return }
            warnedOfWrite = true
            warn("feed: the muted authors could not be saved: \(error); they stay muted for this run only")
        }
    }

    /// Posts of muted authors show again from the next page; the keys and commands stop. The file stays.
    func switchOff() {
        switchedOff = true
        list.isApplied = false
    }

    /// Forgets the list; the host deletes the file.
    func logout() async -> String? {
        list.removeAll()
        pipeline?.filtersChanged()
        return nil
    }

    func extend(_ screen: any ScreenControl) -> (any ScreenExtension)? { MuteKeys(mutes: self) }

    func perform(_ command: HeadlessCommandSpec, argument: String?, on driver: any HeadlessControl) async -> String? {
        let author = argument ?? ""
        return command == MuteAuthorsPlugin.unmute ? unmute(author) : mute(author)
    }

    /// `muted`: the muted authors, oldest first.
    func value(of field: HeadlessField) async -> String { JSONText.array(list.authors) }
}
