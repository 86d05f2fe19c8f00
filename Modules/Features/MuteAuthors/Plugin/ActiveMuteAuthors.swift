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
        let full = "at most \(MutedAuthorsFile.maxAuthors) authors can be muted; unmute one first"
        guard !list.isFull else {
            isFull = true
            return full
        }
        apply { $0.append(author) }
        // The list on disk (another process's mutes too) may have had no room left.
        guard list.contains(author) else {
            isFull = true
            return full
        }
        return nil
    }

    /// Unmutes `author` (their posts show again from the next page or refresh); returns why not, or `nil`.
    func unmute(_ author: String) -> String? {
        guard !switchedOff else { return "the server switched mute-authors off" }
        guard list.contains(author) else { return nil }
        apply { $0.removeAll { $0 == author } }
        return nil
    }

    /// Unmutes the author muted last; returns whether one was.
    func unmuteLatest() -> Bool {
        guard !switchedOff, let latest = list.authors.last else { return false }
        return unmute(latest) == nil
    }

    /// Applies `change` to the list on disk, under its lock, and takes in the result: another
    /// process's changes to the file are never lost, and show here too. Where the file cannot be
    /// written, the change holds in memory for this run (said once).
    private func apply(_ change: (inout [String]) -> Void) {
        isFull = false
        var authors = list.authors
        if let file {
            do {
                authors = try MutedAuthorsFile.update(at: file, change)
            } catch {
                change(&authors)
                if !warnedOfWrite {
                    warnedOfWrite = true
                    warn("feed: the muted authors could not be saved: \(error); they stay muted for this run only")
                }
            }
        } else {
            change(&authors)
        }
        adopt(authors)
    }

    /// Shows exactly `authors` as muted, telling the screens when that changed anything.
    private func adopt(_ authors: [String]) {
        guard authors != list.authors else { return }
        list.replace(with: authors)
        pipeline?.filtersChanged()
    }

    /// Reads the list again whenever another process changes it: its mutes leave every screen here
    /// at once, without moving the reader.
    func watch(_ changes: any FileChanges) {
        guard let file else { return }
        changes.watch(file) { [weak self] in self?.returned() }
    }

    /// The reader came back, or another process changed the list: it is read again.
    func returned() {
        guard let file, !switchedOff else { return }
        switch MutedAuthorsFile.read(file) {
        case .read(let authors): adopt(authors)
        // Another process logged the user out: nobody is muted any more.
        case .missing: adopt([])
        case .unusable, .refused: break
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
